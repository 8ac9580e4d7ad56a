// What gets fetched for a company, and where it is kept: read from the real submissions and ticker files.
import { test, describe } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { filingsOfColumns, readSubmissionsIndex } from '../../engine/edgar/filingList.ts';
import { DEFAULT_FORMS, defaultSince, planDocuments } from '../../engine/edgar/planDocuments.ts';
import { pickInstance } from '../../engine/edgar/pickInstance.ts';
import { resolveTickers, tickerTable, UnknownTickerError } from '../../engine/edgar/resolveTickers.ts';
import { archiveUrl, companyFactsUrl, extractedInstanceName, submissionsPageUrl, submissionsUrl } from '../../engine/edgar/edgarUrls.ts';
import { DownloadCache } from '../../engine/edgar/DownloadCache.ts';
import { EdgarClient } from '../../engine/edgar/EdgarClient.ts';
import { fetchCompanies, UnexpectedBodyError, type FetchEvent } from '../../engine/edgar/fetchCompanies.ts';
import { splitRecognised } from '../../engine/edgar/splitRecognised.ts';
import { fixture, tempDir } from '../helpers/tempWarehouse.ts';
import { useEdgarFixtureServer } from '../helpers/edgarFixtureServer.ts';
import { fakeClock } from './fakeClock.ts';
import { defined } from '../helpers/defined.ts';

const BASES = { edgarBaseUrl: 'https://www.sec.gov', edgarDataBaseUrl: 'https://data.sec.gov' };

function json(...parts: string[]): unknown {
  return JSON.parse(zlib.gunzipSync(fs.readFileSync(fixture(...parts))).toString('utf8'));
}

test('EDGAR URLs follow the archive and API layouts', () => {
  assert.equal(submissionsUrl(BASES, 320193), 'https://data.sec.gov/submissions/CIK0000320193.json');
  assert.equal(submissionsPageUrl(BASES, 'CIK0000320193-submissions-001.json'), 'https://data.sec.gov/submissions/CIK0000320193-submissions-001.json');
  assert.equal(companyFactsUrl(BASES, 320193), 'https://data.sec.gov/api/xbrl/companyfacts/CIK0000320193.json');
  assert.equal(archiveUrl(BASES, 320193, '0000320193-25-000057', 'aapl-20250329_htm.xml'), 'https://www.sec.gov/Archives/edgar/data/320193/000032019325000057/aapl-20250329_htm.xml');
  assert.equal(extractedInstanceName('aapl-20250329.htm'), 'aapl-20250329_htm.xml');
  assert.equal(extractedInstanceName('a10-k20189292018.htm'), 'a10-k20189292018_htm.xml');
  assert.equal(extractedInstanceName('primary_doc.xml'), null);
});

test('names from a feed that would leave the filing folder are refused', () => {
  for (const bad of ['../x.xml', '.hidden', 'a/b.xml', '']) assert.throws(() => archiveUrl(BASES, 1, '0000320193-25-000057', bad), /unsafe file name/);
  assert.throws(() => archiveUrl(BASES, 1, '../../etc', 'x.xml'), /malformed accession/);
  assert.throws(() => submissionsPageUrl(BASES, '../secret.json'), /unexpected submissions page name/);
  const cache = new DownloadCache('/tmp/cache', BASES);
  assert.throws(() => cache.pathOf('https://www.sec.gov/Archives/../../etc/passwd'), /unsafe path/);
  assert.throws(() => cache.pathOf('https://evil.example.com/x.json'), /not under a configured EDGAR base URL/);
  assert.equal(cache.pathOf('https://data.sec.gov/submissions/CIK0000320193.json'), '/tmp/cache/submissions/CIK0000320193.json');
});

test('Apple\'s XBRL 10-K and 10-Q filings since 2024-01-01 are planned newest first', () => {
  const index = readSubmissionsIndex(json('edgar', 'submissions', 'CIK0000320193.json.gz'), 'apple');
  assert.equal(index.cik, 320193);
  assert.deepEqual(index.pages, ['CIK0000320193-submissions-001.json']);
  const plan = planDocuments(index.filings, { forms: DEFAULT_FORMS, since: '2024-01-01' });
  assert.deepEqual(
    plan.map((f) => `${f.form} ${f.accession} ${f.filingDate} ${f.primaryDocument}`),
    [
      '10-Q 0000320193-26-000006 2026-01-30 aapl-20251227.htm',
      '10-K 0000320193-25-000079 2025-10-31 aapl-20250927.htm',
      '10-Q 0000320193-25-000073 2025-08-01 aapl-20250628.htm',
      '10-Q 0000320193-25-000057 2025-05-02 aapl-20250329.htm',
      '10-Q 0000320193-25-000008 2025-01-31 aapl-20241228.htm',
      '10-K 0000320193-24-000123 2024-11-01 aapl-20240928.htm',
      '10-Q 0000320193-24-000081 2024-08-02 aapl-20240629.htm',
      '10-Q 0000320193-24-000069 2024-05-03 aapl-20240330.htm',
      '10-Q 0000320193-24-000006 2024-02-02 aapl-20231230.htm',
    ],
  );
  assert.ok(plan.every((f) => f.isInlineXbrl));
  assert.deepEqual(planDocuments(index.filings, { forms: ['10-K'], since: '2024-01-01' }).map((f) => f.accession), ['0000320193-25-000079', '0000320193-24-000123']);
  assert.deepEqual(planDocuments(index.filings, { forms: [], since: '2000-01-01' }), []);
});

test('an older submissions page (columns at the top level) reads like filings.recent', () => {
  const rows = filingsOfColumns(json('edgar', 'submissions', 'CIK0001318605-submissions-001.json.gz'), 'tesla page');
  // MANIFEST: 720 rows, filed 2005-02-17 .. 2018-02-12
  assert.equal(rows.length, 720);
  const dates = rows.map((r) => r.filingDate).sort();
  assert.equal(dates[0], '2005-02-17');
  assert.equal(dates[dates.length - 1], '2018-02-12');
});

test('the default lookback is five years to the day', () => {
  assert.equal(defaultSince(new Date('2026-11-21T12:00:00Z')), '2021-11-21');
});

test('tickers resolve through company_tickers.json, share classes written with a dot or a dash', () => {
  const table = tickerTable(json('edgar', 'reference', 'company_tickers.json.gz'), 'company_tickers.json');
  const resolved = resolveTickers(table, ['aapl', 'MSFT', 'BRK.B', 'brk-a']);
  assert.deepEqual([...resolved], [['AAPL', 320193], ['MSFT', 789019], ['BRK.B', 1067983], ['BRK-A', 1067983]]);
  assert.throws(() => resolveTickers(table, ['AAPL', 'NOPE1', 'NOPE2']), (err: unknown) => err instanceof UnknownTickerError && /NOPE1, NOPE2/.test(err.message));
});

test('the instance of a classic (not inline) filing is picked from the folder index', () => {
  // directory listing in the shape EDGAR's index.json uses
  const listing = {
    directory: {
      name: '/Archives/edgar/data/789019/000119312515272806',
      'parent-dir': '/Archives/edgar/data/789019',
      item: [
        { name: '0001193125-15-272806-index.htm', type: 'text.gif', size: '' },
        { name: 'FilingSummary.xml', type: 'text.gif', size: '120000' },
        { name: 'msft-20150630.xml', type: 'text.gif', size: '3855649' },
        { name: 'msft-20150630.xsd', type: 'text.gif', size: '90000' },
        { name: 'msft-20150630_cal.xml', type: 'text.gif', size: '200000' },
        { name: 'msft-20150630_lab.xml', type: 'text.gif', size: '900000' },
        { name: 'msft-20150630_pre.xml', type: 'text.gif', size: '500000' },
      ],
    },
  };
  assert.equal(pickInstance(listing), 'msft-20150630.xml');
  assert.equal(pickInstance({ directory: { item: [{ name: 'x_cal.xml' }, { name: 'aapl-20250329_htm.xml' }, { name: 'aapl-20250329.xml' }] } }), 'aapl-20250329_htm.xml');
  assert.equal(pickInstance({ directory: { item: [{ name: 'FilingSummary.xml' }] } }), null);
  assert.equal(pickInstance('<html>'), null);
});

describe('downloading from a local stand-in for EDGAR', () => {
  const edgar = useEdgarFixtureServer();
  const source = (root: string) => {
    const bases = { edgarBaseUrl: edgar().url, edgarDataBaseUrl: edgar().url };
    const client = new EdgarClient({ userAgent: 'Tests tests@example.com', maxRequestsPerSecond: 10, clock: fakeClock() });
    return { client, cache: new DownloadCache(root, bases), bases };
  };

  test('a company\'s download holds its submissions, companyfacts and the instances EDGAR has, and lists what it lacks', async () => {
    const root = tempDir('dl-');
    try {
      const events: FetchEvent[] = [];
      const result = await fetchCompanies(source(root), [320193], { forms: ['10-Q'], since: '2025-01-01', onEvent: (e) => events.push(e) });
      assert.deepEqual(result.files.map((f) => path.relative(root, f)), [
        'submissions/CIK0000320193.json',
        'api/xbrl/companyfacts/CIK0000320193.json',
        'Archives/edgar/data/320193/000032019325000057/aapl-20250329_htm.xml',
      ]);
      // the stored instance is the fixture, byte for byte
      const stored = fs.readFileSync(defined(result.files[2], 'result.files[2]'));
      assert.ok(stored.equals(zlib.gunzipSync(fs.readFileSync(fixture('edgar', 'xbrl', 'instances', 'aapl-20250329_htm.xml.gz')))));
      // not in the fixtures: the older page and three 10-Qs (each tried as extracted instance, then by folder index)
      assert.equal(result.missing.length, 4);
      assert.ok(events.some((e) => e.kind === 'planned' && e.documents === 4));
      assert.deepEqual(splitRecognised(result.files).recognised.includes(defined(result.files[1], 'result.files[1]')), true);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test('a filing that is not inline XBRL gets its instance through the folder index', async () => {
    const root = tempDir('dl-');
    try {
      // a one-filing submissions document for Microsoft's FY2015 10-K (accession, form and date from the fixture
      // MANIFEST; the primary document's name does not matter for a classic XBRL filing)
      const submissions = {
        cik: '0000789019',
        name: 'MICROSOFT CORP',
        filings: {
          recent: {
            accessionNumber: ['0001193125-15-272806'],
            filingDate: ['2015-07-31'],
            form: ['10-K'],
            primaryDocument: ['d918813d10k.htm'],
            isXBRL: [1],
            isInlineXBRL: [0],
          },
          files: [],
        },
      };
      edgar().override('/submissions/CIK0000789019.json', JSON.stringify(submissions), 'application/json');
      const result = await fetchCompanies(source(root), [789019], { forms: ['10-K'], since: '2015-01-01' });
      const paths = edgar().requests.map((r) => r.path);
      assert.ok(paths.includes('/Archives/edgar/data/789019/000119312515272806/index.json'));
      assert.ok(!paths.some((p) => p.endsWith('_htm.xml')), 'no extracted-instance guess for a classic filing');
      const instance = result.files.find((f) => f.endsWith('msft-20150630.xml'));
      assert.ok(instance);
      assert.ok(fs.readFileSync(instance).equals(zlib.gunzipSync(fs.readFileSync(fixture('edgar', 'xbrl', 'instances', 'msft-20150630.xml.gz')))));
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test('an HTML page served with 200 where JSON belongs is an error naming the URL, not a file to ingest', async () => {
    const root = tempDir('dl-');
    try {
      edgar().override('/api/xbrl/companyfacts/CIK0001835632.json', '<!DOCTYPE html><html><body>Request Rate Threshold Exceeded</body></html>', 'text/html');
      await assert.rejects(fetchCompanies(source(root), [1835632], { forms: [], since: '2025-01-01' }), (err: unknown) => {
        assert.ok(err instanceof UnexpectedBodyError);
        assert.match(err.message, /companyfacts\/CIK0001835632\.json: expected companyfacts JSON, got \d+ bytes starting "<!DOCTYPE html>/);
        return true;
      });
      assert.equal(fs.existsSync(path.join(root, 'api', 'xbrl', 'companyfacts', 'CIK0001835632.json')), false);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test('a CIK EDGAR does not know fails naming the submissions URL', async () => {
    const root = tempDir('dl-');
    try {
      await assert.rejects(fetchCompanies(source(root), [999999999], { forms: [], since: '2025-01-01' }), /CIK0999999999\.json: not found \(404\)/);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
