// Coverage report over every fixture company: ingests the shared fixtures' companyfacts JSON, bulk companyfacts and
// FS/FSN data sets into a warehouse of its own (reused between runs), then runs the REPL-runnable report
// test/financials/statement_coverage.sql over its stored statements.
//   npx tsx scripts/coverage.ts [--warehouse DIR] [--rebuild]
// FILINGS_FIXTURES names the fixtures (default ../shared/fixtures from the repository root); the warehouse defaults
// to filings-coverage under the OS temp folder, so every checkout shares one build.
// first: a writer's jemalloc options, read when DuckDB loads (engine/db/writerMalloc.ts)
import '../engine/db/writerProcess.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Engine } from '../engine/db/Engine.ts';
import { ingestPaths } from '../engine/ingest/ingest.ts';
import { refreshPeriods, refreshPeriodsLocked } from '../engine/financials/refreshPeriods.ts';
import { inputBytes } from '../engine/ingest/readInputs.ts';
import { createProgress } from '../engine/ingest/progress.ts';
import { ReplSession } from './repl/ReplSession.ts';
import { runScript } from './repl/runScript.ts';

const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const REPORT_SQL = path.join(REPO, 'test/financials/statement_coverage.sql');
/** The fixture folders holding company financials, relative to the fixtures root. */
const INPUTS = ['edgar/companyfacts', 'sec-datasets/bulk-json/companyfacts', 'sec-datasets/fs', 'sec-datasets/fsn'];
/** Written after a complete ingest: which inputs the warehouse holds, so a rerun skips straight to the report. */
const MARKER = 'coverage-inputs.json';

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

async function build(warehouseDir: string, inputs: string[]): Promise<void> {
  const started = performance.now();
  const engine = await Engine.open({ warehouseDir, mode: 'write', threads: 2, memoryLimit: '4GB' });
  try {
    const progress = createProgress({ label: 'coverage ingest', totalBytes: inputBytes(inputs) });
    let units = 0;
    let stopped = false;
    const stopProgress = () => {
      if (!stopped) progress.stop();
      stopped = true;
    };
    // widened by assertion: the commit callback sets it, which flow analysis cannot see
    let refreshed = false as boolean;
    try {
      await ingestPaths(engine, inputs, {
        onUnit: (name, diskBytes) => { progress.update(++units, diskBytes, name); },
        afterCommit: async (e) => {
          stopProgress();
          log('periods: materializing the stored periods and statements...');
          const outcome = await refreshPeriodsLocked(e);
          if (!outcome.ok) throw outcome.error;
          refreshed = true;
          log(`periods: ${String(outcome.report.buckets)} bucket(s) in ${(outcome.report.ms / 1000).toFixed(1)} s`);
        },
      });
    } finally {
      stopProgress();
    }
    // nothing new committed, but an earlier interrupted refresh may have left the stored statements stale
    if (!refreshed) {
      const outcome = await refreshPeriods(engine);
      if (outcome?.ok === false) throw outcome.error;
    }
  } finally {
    engine.close();
  }
  fs.writeFileSync(path.join(warehouseDir, MARKER), JSON.stringify(inputs, null, 2));
  log(`coverage warehouse built in ${((performance.now() - started) / 1000).toFixed(1)} s: ${warehouseDir}`);
}

async function report(warehouseDir: string): Promise<boolean> {
  const started = performance.now();
  const engine = await Engine.open({ warehouseDir, mode: 'read', threads: 2, memoryLimit: '4GB' });
  try {
    const out = (s: string) => { process.stdout.write(s); };
    const err = (s: string) => { process.stderr.write(s); };
    const session = new ReplSession(engine, { allowedDirs: [], cwd: REPO, warehouseDir, interactive: false, out, err });
    const outcome = await runScript(session, fs.readFileSync(REPORT_SQL, 'utf8'), err);
    log(`report: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return outcome !== 'error';
  } finally {
    engine.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { warehouse: { type: 'string' }, rebuild: { type: 'boolean' } } });
  const fixtures = path.resolve(REPO, process.env['FILINGS_FIXTURES'] ?? '../shared/fixtures');
  const inputs = INPUTS.map((p) => path.join(fixtures, p)).filter((p) => fs.existsSync(p));
  if (inputs.length === 0) {
    log(`coverage: no fixtures at ${fixtures} (set FILINGS_FIXTURES)`);
    return 2;
  }
  const warehouseDir = path.resolve(values.warehouse ?? path.join(os.tmpdir(), 'filings-coverage'));
  const marker = path.join(warehouseDir, MARKER);
  const current = fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === JSON.stringify(inputs, null, 2);
  if (values.rebuild === true || !current) {
    fs.rmSync(warehouseDir, { recursive: true, force: true });
    fs.mkdirSync(warehouseDir, { recursive: true });
    log(`coverage: ingesting ${inputs.join(', ')}`);
    await build(warehouseDir, inputs);
  } else {
    log(`coverage: reusing ${warehouseDir} (--rebuild to ingest again)`);
  }
  return (await report(warehouseDir)) ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (err: unknown) => {
    log(`coverage: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
