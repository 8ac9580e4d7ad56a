// `npm run ingest` end to end: online against a local stand-in for EDGAR, and local files and folders.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Engine } from '../../engine/db/Engine.ts';
import { useEdgarFixtureServer } from '../helpers/edgarFixtureServer.ts';
import { fixture, tempDir } from '../helpers/tempWarehouse.ts';
import { runIngestCli } from '../helpers/runIngestCli.ts';
import { defined } from '../helpers/defined.ts';

const UA = 'Filings Engine Tests tests@example.com';
const edgar = useEdgarFixtureServer();

function edgarEnv(warehouse: string, extra: Record<string, string> = {}): Record<string, string> {
  return { EDGAR_BASE_URL: edgar().url, EDGAR_DATA_BASE_URL: edgar().url, FILINGS_WAREHOUSE: warehouse, ...extra };
}

async function withEngine<T>(dir: string, fn: (engine: Engine) => Promise<T>): Promise<T> {
  const engine = await Engine.open({ warehouseDir: dir, mode: 'read', threads: 1, memoryLimit: '1GB' });
  try {
    return await fn(engine);
  } finally {
    engine.close();
  }
}

/** Facts committed to the warehouse at `dir`; 0 when no writer ever laid one out there (a reader never creates one). */
async function factCount(dir: string): Promise<number> {
  if (!fs.existsSync(path.join(dir, '_manifest'))) return 0;
  return withEngine(dir, async (e) => defined((await e.query<{ n: number }>('SELECT count(*)::INTEGER AS n FROM src_facts'))[0], '(await e.query<{ n: number }>(\'SELECT count(*)::INTEGER ...').n);
}

test('online ingest refuses to start without SEC_USER_AGENT, says how to set it, and sends nothing', async () => {
  const dir = path.join(tempDir('cli-'), 'wh');
  const res = await runIngestCli(['--tickers', 'AAPL'], edgarEnv(dir));
  assert.equal(res.code, 2);
  assert.match(res.stderr, /SEC_USER_AGENT="[^"]+@[^"]+"/);
  assert.equal(edgar().requests.length, 0);
  assert.equal(fs.existsSync(dir), false);
});

test('--tickers AAPL fetches from EDGAR and lands Apple\'s companyfacts and 10-Q instance facts in the warehouse; a rerun reuses the cache and adds nothing', async () => {
  const dir = tempDir('cli-');
  try {
    // one throttled answer on the way must not fail the run
    edgar().failNext('/api/xbrl/companyfacts/CIK0000320193.json', { status: 503 });
    const first = await runIngestCli(['--tickers', 'AAPL', '--since', '2022-09-01'], edgarEnv(dir, { SEC_USER_AGENT: UA }));
    assert.equal(first.code, 0, first.stderr);
    assert.ok(edgar().requests.length > 0);
    assert.ok(edgar().requests.every((r) => r.userAgent === UA));
    assert.equal(edgar().requests.filter((r) => r.path === '/api/xbrl/companyfacts/CIK0000320193.json').length, 2);
    for (const p of ['/files/company_tickers.json', '/submissions/CIK0000320193.json', '/submissions/CIK0000320193-submissions-001.json']) {
      assert.ok(edgar().requests.some((r) => r.path === p), `expected a request for ${p}`);
    }
    // the two filings whose instances the fixtures hold, at the extracted-instance path EDGAR serves
    const cache = path.join(dir, '_downloads', 'edgar');
    for (const rel of ['Archives/edgar/data/320193/000032019325000057/aapl-20250329_htm.xml', 'Archives/edgar/data/320193/000032019322000108/aapl-20220924_htm.xml', 'api/xbrl/companyfacts/CIK0000320193.json']) {
      assert.ok(fs.existsSync(path.join(cache, rel)), `${rel} downloaded`);
    }
    // filed before --since: not requested
    assert.ok(!edgar().requests.some((r) => r.path.includes('/000032019322000070/')));
    // submissions, companyfacts and both instances are recognised and parsed
    assert.match(first.stdout, /parsed 4 files, skipped 0/);
    // Apple's companyfacts holds 24,579 facts (fixture MANIFEST)
    const bySource = await withEngine(dir, (e) =>
      e.query<{ source: string; n: number }>('SELECT source, count(*)::INTEGER AS n FROM facts_of(320193) GROUP BY source ORDER BY source'),
    );
    assert.equal(bySource.find((r) => r.source === 'companyfacts')?.n, 24579);

    // Q2 FY2025 revenue from the downloaded 10-Q instance (contexts c-20 and c-59 of aapl-20250329_htm.xml)
    const quarter = await withEngine(dir, (e) =>
      e.query<{ dim_key: string; value: number }>(
        `SELECT dim_key, value FROM facts_of(320193)
         WHERE accession = '0000320193-25-000057' AND source <> 'companyfacts'
           AND concept = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax'
           AND period_start = DATE '2024-12-29' AND period_end = DATE '2025-03-29'
           AND dim_key IN ('', 'srt:ProductOrServiceAxis=aapl:IPhoneMember')
         ORDER BY dim_key`,
      ),
    );
    assert.deepEqual(quarter, [
      { dim_key: '', value: 95359000000 },
      { dim_key: 'srt:ProductOrServiceAxis=aapl:IPhoneMember', value: 46841000000 },
    ]);

    // FY2024 revenue as filed in 10-K 0000320193-24-000123 (companyfacts: start 2023-10-01, end 2024-09-28, val 391035000000)
    const revenue = await withEngine(dir, (e) =>
      e.query<{ value: number; period_start: string; form: string }>(
        `SELECT value, period_start, form FROM facts_of(320193)
         WHERE accession = '0000320193-24-000123' AND concept = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax'
           AND period_end = DATE '2024-09-28' AND dim_key = '' AND source = 'companyfacts'`,
      ),
    );
    assert.deepEqual(revenue, [{ value: 391035000000, period_start: '2023-10-01', form: '10-K' }]);

    const before = await factCount(dir);
    edgar().requests.length = 0;
    const second = await runIngestCli(['--tickers', 'AAPL', '--since', '2022-09-01'], edgarEnv(dir, { SEC_USER_AGENT: UA }));
    assert.equal(second.code, 0, second.stderr);
    assert.ok(!edgar().requests.some((r) => r.path.endsWith('aapl-20250329_htm.xml')), 'archived documents are never fetched twice');
    assert.match(second.stderr, /2 reused from/);
    assert.match(second.stdout, /no new rows/);
    assert.equal(await factCount(dir), before);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('--ciks with --forms none fetches submissions and companyfacts only', async () => {
  const dir = tempDir('cli-');
  try {
    const res = await runIngestCli(['--ciks', '1835632', '--forms', 'none'], edgarEnv(dir, { SEC_USER_AGENT: UA }));
    assert.equal(res.code, 0, res.stderr);
    assert.deepEqual(edgar().requests.map((r) => r.path).sort(), ['/api/xbrl/companyfacts/CIK0001835632.json', '/submissions/CIK0001835632.json']);
    // Marvell's companyfacts: 8,053 facts (fixture MANIFEST)
    assert.match(res.stdout, /facts\s+\+8053/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('an unknown ticker fails before any company is fetched, naming the ticker', async () => {
  const dir = tempDir('cli-');
  try {
    const res = await runIngestCli(['--tickers', 'AAPL,NOSUCHTICKERX'], edgarEnv(dir, { SEC_USER_AGENT: UA }));
    assert.equal(res.code, 1);
    assert.match(res.stderr, /unknown ticker.*NOSUCHTICKERX/);
    // the ticker lists only: the fund list (company_tickers_mf.json) is asked first, then the company list
    assert.deepEqual(edgar().requests.map((r) => r.path), ['/files/company_tickers_mf.json', '/files/company_tickers.json']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('an EDGAR that keeps failing ends the run non-zero with the URL in the message and nothing committed', async () => {
  const dir = tempDir('cli-');
  try {
    const url = '/submissions/CIK0001835632.json';
    edgar().failNext(url, ...Array.from({ length: 5 }, () => ({ status: 503, retryAfter: '0' })));
    const res = await runIngestCli(['--ciks', '1835632', '--forms', 'none'], edgarEnv(dir, { SEC_USER_AGENT: UA }));
    assert.equal(res.code, 1);
    assert.ok(res.stderr.includes(`${edgar().url}${url}`), res.stderr);
    assert.match(res.stderr, /after 5 attempts.*HTTP 503/);
    assert.equal(await factCount(dir), 0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a local file ingests with a summary on stdout and plain progress lines on a non-terminal stderr', async () => {
  const dir = tempDir('cli-');
  try {
    const res = await runIngestCli([fixture('edgar', 'companyfacts', 'CIK0001640147.json.gz')], { FILINGS_WAREHOUSE: dir });
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /facts\s+\+8163/);
    assert.match(res.stdout, /filings\s+\+19/);
    assert.match(res.stderr, /^ingest: 1 file, 99\.4 kB of 99\.4 kB \(100%\)$/m);
    assert.equal(await factCount(dir), 8163);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a folder holding a truncated companyfacts file next to a good one fails naming the file and leaves the warehouse unchanged', async () => {
  const dir = tempDir('cli-');
  const inputs = tempDir('inputs-');
  try {
    const seed = await runIngestCli([fixture('edgar', 'companyfacts', 'CIK0001997711.json.gz')], { FILINGS_WAREHOUSE: dir });
    assert.equal(seed.code, 0, seed.stderr);
    const before = await factCount(dir);
    fs.copyFileSync(fixture('edgar', 'companyfacts', 'CIK0001640147.json.gz'), path.join(inputs, 'CIK0001640147.json.gz'));
    const apple = zlib.gunzipSync(fs.readFileSync(fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz')));
    const truncated = path.join(inputs, 'CIK0000320193.json');
    fs.writeFileSync(truncated, apple.subarray(0, Math.floor(apple.length / 3)));
    const res = await runIngestCli([inputs], { FILINGS_WAREHOUSE: dir });
    assert.equal(res.code, 1);
    assert.ok(res.stderr.includes(`${truncated}: not valid JSON`), res.stderr);
    assert.match(res.stderr, /warehouse unchanged/);
    assert.equal(res.stdout, '');
    assert.equal(await factCount(dir), before);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(inputs, { recursive: true, force: true });
  }
});

test('bad arguments exit 2 with the usage text', async () => {
  for (const args of [[], ['--since', '2024-13-45', '--ciks', '1'], ['--ciks', 'abc'], ['/no/such/path']]) {
    const res = await runIngestCli(args, { FILINGS_WAREHOUSE: path.join(tempDir('cli-'), 'wh') });
    assert.equal(res.code, 2, `${args.join(' ')}: ${res.stderr}`);
    assert.match(res.stderr, /usage: npm run ingest/);
  }
});
