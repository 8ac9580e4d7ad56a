// `npm run demo`: fills the configured warehouse with the synthetic demo filers (CIKs 9990001.., names marked DEMO DATA).
// Safe to re-run (adds nothing the second time); refuses a warehouse that holds real filings unless --force.
// first: a writer's jemalloc options, read when DuckDB loads (engine/db/writerMalloc.ts)
import '../engine/db/writerProcess.ts';
import { loadConfig } from '../engine/config.ts';
import { Engine } from '../engine/db/Engine.ts';
import { buildDemoWarehouse, countNonDemoRows } from '../demo/buildDemoWarehouse.ts';
import { DEMO_COMPANIES } from '../demo/demoCompanies.ts';

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write('usage: npm run demo [-- --force]\n  Builds the demo warehouse in FILINGS_WAREHOUSE (default ./parquet).\n');
    return 0;
  }
  const config = loadConfig();
  const started = performance.now();
  const engine = await Engine.open({ warehouseDir: config.warehouseDir, mode: 'write', threads: config.threads, memoryLimit: config.memoryLimit });
  try {
    const foreign = await countNonDemoRows(engine);
    if (foreign > 0 && !argv.includes('--force')) {
      process.stderr.write(`demo: ${config.warehouseDir} already holds ${String(foreign)} rows of real filers; the demo belongs in an empty warehouse ` +
        '(set FILINGS_WAREHOUSE to a new folder, or pass --force to add the demo filers anyway)\n');
      return 1;
    }
    const report = await buildDemoWarehouse(engine, { render: true });
    const added = Object.entries(report.rows).map(([k, v]) => `${k} +${String(v)}`).join(', ');
    process.stdout.write(`demo warehouse ${config.warehouseDir}: ${String(DEMO_COMPANIES.length)} synthetic filers (DEMO DATA), ${added || 'nothing new'} ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    for (const c of DEMO_COMPANIES) process.stdout.write(`  ${String(c.cik)}  ${c.ticker.padEnd(6)} ${c.name}\n`);
    return 0;
  } finally {
    engine.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (err: unknown) => {
    process.stderr.write(`demo: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
