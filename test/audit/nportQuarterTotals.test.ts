// Audit of /api/fund/profile against every N-PORT XML of the fixtures: the quarter's totalSales and totalRedemptions
// are the exact decimal sums of the three monthly flows the document files (summed here from the attribute text), not
// a binary float sum with noise in the last digits.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { bearer, startTestApp, type TestApp } from '../http/testApp.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';

const NPORT_DIR = fixture('edgar', 'nport');

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : /\.xml(\.gz)?$/.test(e.name) ? [path.join(dir, e.name)] : []);
}

function read(file: string): string {
  const bytes = fs.readFileSync(file);
  return (file.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
}

const SCALE = 8;

/** A decimal attribute as an integer count of 10^-8 units (exact for what N-PORT files: at most 8 decimals). */
function units(text: string): bigint {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  assert.ok(m, `a decimal: ${text}`);
  const digits = BigInt(`${m[2] ?? ''}${(m[3] ?? '').padEnd(SCALE, '0').slice(0, SCALE)}` || '0');
  return m[1] === '-' ? -digits : digits;
}

function decimalText(u: bigint): string {
  const neg = u < 0n;
  const s = (neg ? -u : u).toString().padStart(SCALE + 1, '0');
  return `${neg ? '-' : ''}${s.slice(0, -SCALE)}.${s.slice(-SCALE)}`;
}

interface Report { file: string; series: string; reportDate: string; sales: string; redemptions: string }

/** Each document's series, period date and the decimal sums of its three months' sales and redemptions. */
function reportsIn(files: string[]): Report[] {
  const out: Report[] = [];
  for (const file of files) {
    const xml = read(file);
    const series = /<seriesId>\s*(S\d+)\s*<\/seriesId>/.exec(xml)?.[1];
    const reportDate = /<repPdDate>\s*([\d-]+)\s*<\/repPdDate>/.exec(xml)?.[1];
    const flows = [1, 2, 3].map((n) => new RegExp(`<mon${String(n)}Flow\\s([^>]*)/?>`).exec(xml)?.[1]);
    if (!series || !reportDate || flows.some((f) => f === undefined)) continue;
    const attr = (a: string, name: string) => units(new RegExp(`\\b${name}="([^"]*)"`).exec(a)?.[1] ?? '0');
    const sum = (name: string) => flows.reduce((acc, f) => acc + attr(f ?? '', name), 0n);
    out.push({ file, series, reportDate, sales: decimalText(sum('sales')), redemptions: decimalText(sum('redemption')) });
  }
  return out;
}

const reports = reportsIn(filesUnder(NPORT_DIR));
let wh: Awaited<ReturnType<typeof openTempEngine>>;
let app: TestApp;

before(async () => {
  wh = await openTempEngine();
  await ingestPaths(wh.engine, [NPORT_DIR]);
  app = await startTestApp(wh.engine);
});
after(async () => {
  await app.close();
  wh.cleanup();
});

test('each N-PORT quarter sums its three monthly sales and redemptions exactly as the document states them', async () => {
  assert.ok(reports.length > 0, 'some N-PORT fixture files monthly flows');
  // a quarter two documents report (an amendment) is served from one of them: only quarters one document states
  const single = reports.filter((r) => reports.filter((o) => o.series === r.series && o.reportDate === r.reportDate).length === 1);
  assert.ok(single.length > 0);
  for (const r of single) {
    const res = await fetch(`${app.base}/api/fund/profile?symbol=${r.series}`, bearer(app.tokens.Pro));
    assert.equal(res.status, 200, path.basename(r.file));
    const rows = (await res.json()) as { reportDate: string; totalSales: number; totalRedemptions: number }[];
    const row = rows.find((x) => x.reportDate === r.reportDate);
    assert.ok(row, `${path.basename(r.file)}: a profile row for ${r.reportDate}`);
    assert.equal(row.totalSales, Number(r.sales), `${path.basename(r.file)} totalSales`);
    assert.equal(row.totalRedemptions, Number(r.redemptions), `${path.basename(r.file)} totalRedemptions`);
  }
});
