// The geographic member reference (sql/50_footnotes/55-57): the SEC's country and state taxonomies, ISO-coded and
// named extension members, regions and catch-alls, classified by the real macros in a real DuckDB.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Engine } from '../../engine/db/Engine.ts';
import { openTempEngine } from '../helpers/tempWarehouse.ts';
import { defined } from '../helpers/defined.ts';

let engine: Engine;
let cleanup: () => void;
before(async () => {
  ({ engine, cleanup } = await openTempEngine('write'));
});
after(() => { cleanup(); });

interface Geo { member: string; kind: string; code: string | null; name: string; continent: string | null; rollup: boolean }

async function classify(members: string[]): Promise<Map<string, Geo>> {
  const values = members.map((m) => `('${m.replace(/'/g, "''")}')`).join(', ');
  const rows = await engine.query<Geo>(`WITH ms AS (SELECT * FROM (VALUES ${values}) t(member)) SELECT * FROM geo_members('ms')`);
  return new Map(rows.map((r) => [r.member, r]));
}

describe('geographic members', () => {
  test('the reference holds each ISO 3166-1 alpha-2 code once, each on a continent', async () => {
    const [row] = await engine.query<{ n: number; codes: number; bad: number; unplaced: number }>(
      "SELECT count(*)::INTEGER AS n, count(DISTINCT code)::INTEGER AS codes, count(*) FILTER (WHERE NOT regexp_full_match(code, '[A-Z]{2}'))::INTEGER AS bad, count(*) FILTER (WHERE continent IS NULL)::INTEGER AS unplaced FROM geo_countries()");
    const r = defined(row, 'the geo_countries summary');
    assert.equal(r.n, r.codes);
    assert.equal(r.bad, 0);
    assert.equal(r.unplaced, 0);
    assert.ok(r.n >= 240);
  });

  test('country, state, ISO-coded and named members map to codes and continents; catch-alls are residuals', async () => {
    const g = await classify(['country:US', 'country:DE', 'country:JP', 'country:BR', 'country:AU', 'country:ZA', 'stpr:TX', 'abc:CNMember',
      'abc:UnitedKingdomMember', 'abc:MexicoSegmentMember', 'abc:TexasMember', 'srt:EuropeMember', 'srt:AsiaPacificMember',
      'srt:LatinAmericaMember', 'aapl:OtherCountriesMember', 'us-gaap:NonUsMember', 'abc:RestOfWorldMember', 'abc:OtherEuropeMember']);
    const expect = (m: string, kind: string, code: string | null, continent: string | null) => {
      const r = defined(g.get(m), m);
      assert.deepEqual([r.kind, r.code, r.continent], [kind, code, continent], m);
    };
    expect('country:US', 'country', 'US', 'North America');
    expect('country:DE', 'country', 'DE', 'Europe');
    expect('country:JP', 'country', 'JP', 'Asia');
    expect('country:BR', 'country', 'BR', 'South America');
    expect('country:AU', 'country', 'AU', 'Oceania');
    expect('country:ZA', 'country', 'ZA', 'Africa');
    expect('stpr:TX', 'state', 'TX', null);
    expect('abc:CNMember', 'country', 'CN', 'Asia');
    expect('abc:UnitedKingdomMember', 'country', 'GB', 'Europe');
    expect('abc:MexicoSegmentMember', 'country', 'MX', 'North America');
    expect('abc:TexasMember', 'state', 'TX', null);
    expect('srt:EuropeMember', 'region', null, 'Europe');
    expect('srt:AsiaPacificMember', 'region', null, 'Asia');
    expect('srt:LatinAmericaMember', 'region', null, null);
    for (const m of ['aapl:OtherCountriesMember', 'us-gaap:NonUsMember', 'abc:RestOfWorldMember', 'abc:OtherEuropeMember']) expect(m, 'residual', null, null);
    // only a whole continent is a rollup that countries can explain
    assert.equal(g.get('srt:EuropeMember')?.rollup, true);
    assert.equal(g.get('srt:AsiaPacificMember')?.rollup, false);
  });
});
