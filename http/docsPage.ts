// The browsable API reference: Scalar's standalone bundle served from node_modules (no CDN), reading /v1/openapi.json.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function scalarBundlePath(): string {
  // the package exports its browser bundle as `./browser/standalone.js`
  return require.resolve('@scalar/api-reference/browser/standalone.js');
}

export function docsHtml(base: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title>
</head>
<body>
<div id="app"></div>
<script src="${base}/docs/scalar.js"></script>
<script>
Scalar.createApiReference('#app', { url: '${base}/openapi.json', withDefaultFonts: false, hideClientButton: true, telemetry: false });
</script>
</body>
</html>
`;
}

export function readScalarBundle(): Buffer {
  return fs.readFileSync(scalarBundlePath());
}
