// Step-by-step CPU profile of one bucket's periods refresh: each layer of the period pipeline computed into a temporary
// table on its own (so a layer's cost is its cumulative time less the layer below), then each materialized output over
// the bucket table, in process CPU seconds (DuckDB runs in this process; the box is shared, so wall time misleads).
// With --explain DIR, the EXPLAIN ANALYZE text of every step is written to DIR for the operator-level breakdown.
// Usage: npm run bench -- periodsProfile [--companies 280] [--repeat 1] [--threads 2] [--explain bench/out/explain] [--dir PATH]
//        [--baseline REF [--layer FILE:MACRO:INNER]]
//        [--outputs-only] [--keep DIR]
// first: a writer's jemalloc options, read when DuckDB loads (engine/db/writerMalloc.ts)
import '../engine/db/writerProcess.ts';
import fs from 'node:fs';
import path from 'node:path';
import { Engine } from '../engine/db/Engine.ts';
import type { DuckDBConnection } from '@duckdb/node-api';
import { BUCKET_VALUES, MATERIALIZED_OUTPUTS } from '../engine/financials/materializePeriods.ts';
import { ensureUniverse } from './universe.ts';
import { numberArg } from './measure.ts';
import { quotePath } from '../engine/db/quote.ts';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { runSqlFile, SQL_ROOT } from '../engine/db/loadSqlFiles.ts';

const argv = process.argv.slice(2);
const companies = numberArg(argv, 'companies', 280);
const repeat = numberArg(argv, 'repeat', 1);
/** DuckDB threads (default 2, the writer's engine; the parallel refresh computes each bucket on 1). */
const threads = numberArg(argv, 'threads', 2);
const flag = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? undefined : argv[i + 1];
};
const explainDir = flag('explain');
/** Keep the outputs' Parquet in this folder of the warehouse (DuckDB may write nowhere else), to compare two versions of the SQL. */
const keepName = flag('keep');
const layers = !argv.includes('--outputs-only');
/** Compare every output with the same file in this folder of the warehouse (a run of the previous SQL): EXCEPT ALL both ways. */
const compareName = flag('compare');
/**
 * A/B in one process: the SQL files that differ from this git ref are loaded at the ref's version, then at the
 * working tree's, alternately (--repeat rounds), the values step and every output timed on each; both sides' outputs
 * are kept and compared. The bucket table's select is each side's own (read from the ref's materializePeriods.ts).
 */
const baselineRef = flag('baseline');
/**
 * --layer FILE:MACRO:INNER (with --baseline REF, default HEAD): one layer alone, the ref's version of MACRO against the
 * tree's, each reading the layer below (INNER) from one table computed once, alternately (--repeat rounds); a layer's
 * own cost is a second or two, well under the noise of the whole values step.
 */
const layerArg = flag('layer')?.split(':');
const log = (line: string) => { console.log(line); };

// the universe packed into one bucket: a full-density bucket is ~280 filers
const universe = flag('dir') === undefined
  ? await ensureUniverse({ companies, firstYear: 2015, lastYear: 2024, dimensional: true, buckets: 1, log })
  : { dir: path.resolve(String(flag('dir'))), facts: NaN };
const engine = await Engine.open({ warehouseDir: universe.dir, mode: 'write', threads, memoryLimit: '6GB' });
const bucket = Number(fs.readdirSync(path.join(universe.dir, 'facts'))
  .map((d) => /^bucket=(\d+)$/.exec(d)?.[1])
  .find((b) => b !== undefined && fs.readdirSync(path.join(universe.dir, 'facts', `bucket=${b}`)).some((f) => !f.includes('schema'))));

interface ProfileNode { operator_name?: string; operator_timing?: number; operator_cardinality?: number; extra_info?: Record<string, unknown>; children?: ProfileNode[] }

const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** Each layer computed from scratch: its own cost is the difference from the layer it reads. */
const LAYERS = [
  ['fact_scope', 'SELECT * FROM fact_scope($b::INTEGER, NULL, NULL)'],
  ['fact_observations', 'SELECT * FROM fact_observations($b::INTEGER, NULL, NULL)'],
  ['fact_latest', 'SELECT * FROM fact_latest($b::INTEGER, NULL, NULL)'],
  ['fact_periods', 'SELECT * FROM fact_periods($b::INTEGER, NULL, NULL)'],
  ['quarter_values', 'SELECT * FROM quarter_values($b::INTEGER, NULL, NULL)'],
  ['ttm_values', 'SELECT * FROM ttm_values($b::INTEGER, NULL, NULL)'],
  ['derived_values', 'SELECT * FROM derived_values($b::INTEGER, NULL, NULL)'],
] as const;

/** Every output of one run against another's: EXCEPT ALL both ways (0 and 0 = the same rows). */
async function compareOutputs(c: DuckDBConnection, ours0: string, theirs0: string): Promise<void> {
  for (const o of MATERIALIZED_OUTPUTS) {
    // json_group_object lists a period's sources in the order its rows arrive: compared as sorted key/value pairs
    const canon = o.folder === 'periods'
      ? `SELECT * REPLACE (list_sort(list_transform(json_keys(sources), k -> k || ':' || json_extract(sources, '$."' || k || '"')::VARCHAR)) AS sources) FROM`
      : 'FROM';
    const [ours, theirs] = [path.join(ours0, `${o.folder}.parquet`), path.join(theirs0, `${o.folder}.parquet`)].map(quotePath);
    const diff = await c.runAndReadAll(`SELECT (SELECT count(*) FROM (${canon} read_parquet(${String(ours)}) EXCEPT ALL ${canon} read_parquet(${String(theirs)})))::INTEGER,
      (SELECT count(*) FROM (${canon} read_parquet(${String(theirs)}) EXCEPT ALL ${canon} read_parquet(${String(ours)})))::INTEGER`);
    log(`  ${o.folder} vs ${theirs0}: ${JSON.stringify(diff.getRows()[0])} rows only here / only there`);
  }
}

try {
  log(`bucket ${String(bucket)} of ${universe.dir}`);
  const keepDir = keepName === undefined ? undefined : path.join(universe.dir, keepName);
  const compareDir = compareName === undefined ? undefined : path.join(universe.dir, compareName);
  const rows: { step: string; cpu: number; wall: number; rows: number }[] = [];
  if (layerArg !== undefined) await engine.withConnection(async (c) => {
    const [file, macro, inner] = layerArg;
    if (file === undefined || !/^\w+$/.test(macro ?? '') || !/^\w+$/.test(inner ?? '')) throw new Error('--layer expects FILE:MACRO:INNER');
    const root = path.dirname(SQL_ROOT);
    const ref = baselineRef ?? 'HEAD';
    // each side's macro renamed, reading the stored layer below instead of recomputing it
    // (a macro's optional scope parameters, cik_lo := NULL, ..., kept; the inner call's dropped with it)
    // (the scope parameter as_of renamed too: the inner call was its only use, and a macro parameter that nothing
    // reads conflicts with a column of that name below, src_entities' as_of, "Conflicting column names")
    const rename = (sql: string, side: string) => sql.replace(`MACRO ${String(macro)}(b, c, as_of`, `MACRO ${String(macro)}_${side}(b, c, layer_as_of`)
      .replaceAll(new RegExp(`\\b${String(inner)}\\(b, c, as_of[^)]*\\)`, 'g'), 'layer_input');
    await c.run(`CREATE OR REPLACE TEMP TABLE layer_input AS SELECT * FROM ${String(inner)}($b::INTEGER, NULL, NULL)`, { b: bucket });
    await c.run(rename(execFileSync('git', ['show', `${ref}:${file}`], { cwd: root, encoding: 'utf8' }), 'baseline'));
    await c.run(rename(fs.readFileSync(path.join(root, file), 'utf8'), 'current'));
    const best = { baseline: Infinity, current: Infinity };
    for (let round = 0; round < repeat; round++) {
      for (const side of ['baseline', 'current'] as const) {
        const c0 = cpuSeconds();
        await c.run(`CREATE OR REPLACE TEMP TABLE layer_${side} AS SELECT * FROM ${String(macro)}_${side}($b::INTEGER, NULL, NULL)`, { b: bucket });
        const cpu = cpuSeconds() - c0;
        best[side] = Math.min(best[side], cpu);
        log(`  round ${String(round + 1)} ${side}: ${macro ?? ''} ${cpu.toFixed(2)} CPU-s`);
      }
    }
    const diff = await c.runAndReadAll(`SELECT (SELECT count(*) FROM (FROM layer_current EXCEPT ALL FROM layer_baseline))::INTEGER,
      (SELECT count(*) FROM (FROM layer_baseline EXCEPT ALL FROM layer_current))::INTEGER`);
    log(`${macro ?? ''} over a stored ${inner ?? ''}: best ${best.baseline.toFixed(2)} -> ${best.current.toFixed(2)} CPU-s (${(best.current / best.baseline).toFixed(2)}x); ${JSON.stringify(diff.getRows()[0])} rows only here / only there`);
    for (const t of ['layer_input', 'layer_baseline', 'layer_current']) await c.run(`DROP TABLE IF EXISTS ${t}`);
  });
  else if (baselineRef !== undefined) await engine.withConnection(async (c) => {
    const root = path.dirname(SQL_ROOT);
    const changed = execFileSync('git', ['diff', '--name-only', baselineRef, '--', 'sql'], { cwd: root, encoding: 'utf8' })
      .split('\n').filter((f) => f.endsWith('.sql') && fs.existsSync(path.join(root, f)));
    const old = fs.mkdtempSync(path.join(os.tmpdir(), 'periods-ab-'));
    const sides = {
      baseline: changed.map((f, i) => {
        const file = path.join(old, `${String(i)}.sql`);
        fs.writeFileSync(file, execFileSync('git', ['show', `${baselineRef}:${f}`], { cwd: root, encoding: 'utf8' }));
        return file;
      }),
      current: changed.map((f) => path.join(root, f)),
    };
    // the bucket table's select as the ref wrote it (a literal in materializePeriods.ts), else this tree's
    const refSource = execFileSync('git', ['show', `${baselineRef}:engine/financials/materializePeriods.ts`], { cwd: root, encoding: 'utf8' });
    // and the statements that complete it in place (`then`, since the table is filled layer by layer), if any
    const refThen = /BUCKET_VALUES = \{[\s\S]*?then: \[([\s\S]*?)\]/.exec(refSource)?.[1];
    const valuesSelect = {
      baseline: /BUCKET_VALUES = \{[\s\S]*?select: '([^']*)'/.exec(refSource)?.[1] ?? BUCKET_VALUES.select,
      current: BUCKET_VALUES.select,
    };
    const valuesThen = {
      baseline: refThen === undefined ? [] : [...refThen.matchAll(/"([^"]*)"/g)].map((m) => m[1] ?? ''),
      current: [...BUCKET_VALUES.then],
    };
    log(`A/B against ${baselineRef}: ${changed.join(', ')}; bucket table ${valuesSelect.baseline === valuesSelect.current && valuesThen.baseline.join() === valuesThen.current.join() ? 'same' : 'as each wrote it'}`);
    const best = new Map<string, number>();
    for (let round = 0; round < repeat; round++) {
      for (const [side, files] of Object.entries(sides)) {
        for (const f of files) await runSqlFile(c, f);
        const dir = path.join(universe.dir, `_ab_${side}`);
        fs.mkdirSync(dir, { recursive: true });
        const which = side === 'baseline' ? 'baseline' : 'current';
        const steps: [string, string[], Record<string, number> | undefined][] = [
          ['values', [`CREATE OR REPLACE TEMP TABLE ${BUCKET_VALUES.table} AS ${valuesSelect[which]}`, ...valuesThen[which]], { b: bucket }],
          ...MATERIALIZED_OUTPUTS.map((o): [string, string[], Record<string, number> | undefined] => [o.folder,
            [`COPY (${o.select}) TO ${quotePath(path.join(dir, `${o.folder}.parquet`))} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 4096)`],
            o.select.includes('$b') ? { b: bucket } : undefined]),
        ];
        const line: string[] = [];
        for (const [step, sql, params] of steps) {
          const c0 = cpuSeconds();
          for (const [i, statement] of sql.entries()) await c.run(statement, i === 0 ? params : undefined);
          const cpu = cpuSeconds() - c0;
          const key = `${side} ${step}`;
          best.set(key, Math.min(best.get(key) ?? Infinity, cpu));
          line.push(`${step} ${cpu.toFixed(2)}`);
        }
        log(`  round ${String(round + 1)} ${side}: ${line.join(', ')} CPU-s`);
      }
    }
    for (const f of sides.current) await runSqlFile(c, f);
    log('| step | baseline CPU-s (best) | current CPU-s (best) | current / baseline |');
    log('|---|---|---|---|');
    let [tb, tc] = [0, 0];
    for (const step of ['values', ...MATERIALIZED_OUTPUTS.map((o) => o.folder)]) {
      const [b, n] = [best.get(`baseline ${step}`) ?? NaN, best.get(`current ${step}`) ?? NaN];
      tb += b;
      tc += n;
      log(`| ${step} | ${b.toFixed(2)} | ${n.toFixed(2)} | ${(n / b).toFixed(2)} |`);
    }
    log(`| all | ${tb.toFixed(2)} | ${tc.toFixed(2)} | ${(tc / tb).toFixed(2)} |`);
    await compareOutputs(c, path.join(universe.dir, '_ab_current'), path.join(universe.dir, '_ab_baseline'));
    for (const side of Object.keys(sides)) fs.rmSync(path.join(universe.dir, `_ab_${side}`), { recursive: true, force: true });
    fs.rmSync(old, { recursive: true, force: true });
    await c.run(`DROP TABLE IF EXISTS ${BUCKET_VALUES.table}`);
  });
  else await engine.withConnection(async (c) => {
    // a step is one statement, or several run in order (the bucket table: created, then completed in place); params
    // bind the first
    const run = async (step: string, sql: string | readonly string[], params?: Record<string, number>) => {
      const statements = typeof sql === 'string' ? [sql] : sql;
      const exec = async (prefix = '') => {
        let n = 0;
        for (const [i, statement] of statements.entries()) {
          const r = await c.runAndReadAll(`${prefix}${statement}`, i === 0 ? params : undefined);
          n += prefix === '' ? Number(r.getRows()[0]?.[0] ?? 0) : 0;
          if (prefix !== '') jsons.push(String(r.getRows()[0]?.[1]));
        }
        return n;
      };
      const jsons: string[] = [];
      let best = { cpu: Infinity, wall: Infinity, rows: 0 };
      for (let i = 0; i < repeat; i++) {
        const c0 = cpuSeconds();
        const w0 = performance.now();
        const n = await exec();
        const cpu = cpuSeconds() - c0;
        const wall = (performance.now() - w0) / 1000;
        if (cpu < best.cpu) best = { cpu, wall, rows: n };
      }
      rows.push({ step, ...best });
      log(`  ${step}: cpu ${best.cpu.toFixed(2)} s, wall ${best.wall.toFixed(2)} s, ${best.rows.toLocaleString('en-US')} rows`);
      if (explainDir !== undefined) {
        fs.mkdirSync(explainDir, { recursive: true });
        if (statements.length > 1) {
          // every statement analyzed as it runs (each builds on the table the one before left)
          await exec('EXPLAIN (ANALYZE, FORMAT JSON) ');
        } else {
          const select = /^CREATE OR REPLACE TEMP TABLE \w+ AS (.*)$/s.exec(statements[0] ?? '')?.[1] ?? /^COPY \((.*)\) TO .*$/s.exec(statements[0] ?? '')?.[1] ?? statements[0] ?? '';
          jsons.push(String((await c.runAndReadAll(`EXPLAIN (ANALYZE, FORMAT JSON) ${select}`, params)).getRows()[0]?.[1]));
        }
        fs.writeFileSync(path.join(explainDir, `${step}.json`), jsons.length === 1 ? (jsons[0] ?? '') : `[${jsons.join(',')}]`);
        const ops: [number, string][] = [];
        const walk = (n: ProfileNode) => {
          if (n.operator_name !== undefined && n.operator_name !== 'EXPLAIN_ANALYZE') {
            const info = Object.entries(n.extra_info ?? {}).map(([k, v]) => `${k}=${String(v).replace(/\s+/g, ' ').slice(0, 90)}`).join('; ');
            ops.push([n.operator_timing ?? 0, `${n.operator_name} ${String(n.operator_cardinality ?? '')} rows: ${info.slice(0, 200)}`]);
          }
          for (const child of n.children ?? []) walk(child);
        };
        for (const json of jsons) walk(JSON.parse(json) as ProfileNode);
        ops.sort((a, b) => b[0] - a[0]);
        log(`    operators ${ops.reduce((s, [t]) => s + t, 0).toFixed(2)} s; top: `);
        for (const [t, what] of ops.slice(0, 8)) log(`      ${t.toFixed(2)} s ${what}`);
      }
    };
    if (layers) for (const [step, select] of LAYERS) {
      await run(step, `CREATE OR REPLACE TEMP TABLE profile_layer AS ${select}`, { b: bucket });
    }
    await run('values (bucket table)', [`CREATE OR REPLACE TEMP TABLE ${BUCKET_VALUES.table} AS ${BUCKET_VALUES.select}`, ...BUCKET_VALUES.then], { b: bucket });
    const out = keepDir ?? path.join(universe.dir, '_profile_out');
    fs.mkdirSync(out, { recursive: true });
    for (const o of MATERIALIZED_OUTPUTS) {
      await run(`output ${o.folder}`, `COPY (${o.select}) TO ${quotePath(path.join(out, `${o.folder}.parquet`))} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 4096)`,
        o.select.includes('$b') ? { b: bucket } : undefined);
    }
    if (compareDir !== undefined) await compareOutputs(c, out, compareDir);
    if (keepDir === undefined) fs.rmSync(out, { recursive: true, force: true });
    await c.run('DROP TABLE IF EXISTS profile_layer');
    await c.run(`DROP TABLE IF EXISTS ${BUCKET_VALUES.table}`);
  });
  log('');
  log('| step | CPU s (cumulative) | own CPU s | wall s |');
  log('|---|---|---|---|');
  let below = 0;
  for (const r of rows) {
    const layer = LAYERS.some(([s]) => s === r.step);
    log(`| ${r.step} | ${layer ? r.cpu.toFixed(1) : '-'} | ${(layer ? r.cpu - below : r.cpu).toFixed(1)} | ${r.wall.toFixed(1)} |`);
    if (layer) below = r.cpu;
  }
  log(`peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024).toLocaleString('en-US')} MB`);
} finally {
  engine.close();
}
