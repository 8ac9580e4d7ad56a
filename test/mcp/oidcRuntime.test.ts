// oidc-provider 9 warns on Node 20 ("Unsupported runtime"); the warning tests the LTS code name only. What its code
// needs beyond Node 20.0 is URL.parse (Node >= 20.18): present, and returning null (not throwing) on a bad URL, which
// its redirect-URI and resource-indicator checks rely on. See http/mcp/oauthServer.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';

test('URL.parse exists and answers null for what is not a URL, as oidc-provider relies on', () => {
  assert.equal(typeof URL.parse, 'function');
  assert.equal(URL.parse('not a url'), null);
  assert.equal(URL.parse('http://127.0.0.1:9/callback')?.origin, 'http://127.0.0.1:9');
});
