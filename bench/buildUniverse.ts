// Builds (or resumes) a bench universe once, outside any bench run: the full-scale one by default (18,000 companies,
// 64 cik buckets, dimensional facts, ~90M facts), then (unless --facts-only) its served warehouse: submissions
// ingested, periods refreshed and answers rendered bucket by bucket (bench/servedWarehouse.ts). Meant to run in the
// background under `nice -n 19`; killed, it continues with the next unfinished bucket of either stage when started again.
// Usage: node --import tsx bench/buildUniverse.ts [--companies 18000] [--buckets 64] [--flat] [--facts-only]
import { ensureUniverse } from './universe.ts';
import { numberArg } from './measure.ts';
import { ensureServedWarehouse } from './servedWarehouse.ts';

const argv = process.argv.slice(2);

async function main(): Promise<void> {
  const log = (s: string) => process.stdout.write(`${new Date().toISOString()} ${s}\n`);
  const universe = await ensureUniverse({
    companies: numberArg(argv, 'companies', 18_000), buckets: numberArg(argv, 'buckets', 64),
    firstYear: 2015, lastYear: 2024, dimensional: !argv.includes('--flat'), log,
  });
  log(`universe ready: ${universe.facts.toLocaleString('en-US')} facts, ${(universe.bytes / 1e6).toFixed(0)} MB in ${universe.dir}`);
  if (argv.includes('--facts-only')) return;
  const served = await ensureServedWarehouse(universe, log);
  log(`served warehouse ready: ${(served.periodsBytes / 1e6).toFixed(0)} MB of stored periods and statements, ${(served.renderedBytes / 1e6).toFixed(0)} MB rendered in ${served.dir}`);
}

main().catch((err: unknown) => {
  process.stderr.write(`buildUniverse: ${String(err instanceof Error ? err.stack : String(err))}\n`);
  process.exit(1);
});
