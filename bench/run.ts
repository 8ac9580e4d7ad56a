// `npm run bench [-- NAME... [--flag value ...]]`: runs every bench/*.bench.ts, or the named ones, one after another,
// each in its own Node process so one bench's caches and heap never colour the next. Flags go to every bench.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const BENCH_DIR = path.dirname(new URL(import.meta.url).pathname);
const ROOT = path.resolve(BENCH_DIR, '..');

const argv = process.argv.slice(2);
const firstFlag = argv.findIndex((a) => a.startsWith('-'));
const names = firstFlag === -1 ? argv : argv.slice(0, firstFlag);
const flags = firstFlag === -1 ? [] : argv.slice(firstFlag);
const available = fs.readdirSync(BENCH_DIR).filter((f) => f.endsWith('.bench.ts')).map((f) => f.replace(/\.bench\.ts$/, '')).sort();

const unknown = names.filter((n) => !available.includes(n.replace(/\.bench\.ts$/, '')));
if (unknown.length > 0) {
  process.stderr.write(`bench: unknown ${unknown.join(', ')}; available: ${available.join(', ')}\n`);
  process.exit(2);
}
const selected = names.length > 0 ? names.map((n) => n.replace(/\.bench\.ts$/, '')) : available;
let failed = 0;
for (const name of selected) {
  process.stdout.write(`\n== ${name} ==\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(BENCH_DIR, `${name}.bench.ts`), ...flags], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    failed++;
    process.stderr.write(`bench ${name} failed (exit ${String(result.status ?? result.signal)})\n`);
  }
}
process.exit(failed > 0 ? 1 : 0);
