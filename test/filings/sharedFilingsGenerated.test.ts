// A filing listed in two companies' submissions JSON (a 13D under its subject and its filer) belongs to both: two
// generated filers' files in SEC's format, sharing one accession, ingested through the real pipeline in one batch and
// in two (in either order), the two companies in one cik bucket (the warehouse's partition) and in two; each
// company's filings and timeline list it with the fields its JSON states, and a re-ingest adds no row.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openTempEngine, tempDir, warehouseCounts } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { materializePeriods } from '../../engine/financials/materializePeriods.ts';
import { DEMO_COMPANIES } from '../../demo/demoCompanies.ts';
import { submissionsJson } from '../../demo/submissionsJson.ts';
import type { DemoFiling } from '../../demo/filingSchedule.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { defined } from '../helpers/defined.ts';
import { CIK_BUCKETS } from '../../engine/db/cikBuckets.ts';
import type { DemoCompany } from '../../demo/DemoCompany.ts';

const subject = defined(DEMO_COMPANIES[0], 'first demo company');
const other = defined(DEMO_COMPANIES[1], 'second demo company');
const pad = (cik: number) => String(cik).padStart(10, '0');
const PAIRS = [
  { name: 'two cik buckets', filer: other },
  { name: 'one cik bucket', filer: { ...other, cik: subject.cik + CIK_BUCKETS } },
];

function filing(accession: string, form: string, filed: string, primaryDocument: string): DemoFiling {
  return {
    accession, form, filed, accepted: `${filed}T16:05:00.000Z`, reportDate: filed, items: '', primaryDocument,
    primaryDocDescription: form, size: 12_345, isXbrl: false, isInlineXbrl: false, periodic: null,
  };
}

/** Writes both companies' submissions JSON, sharing one filing; returns their paths (subject's first). */
function writeFiles(filer: DemoCompany): string[] {
  // the filer's own accession prefix, as EDGAR numbers a filing by who submitted it
  const shared = filing(`${pad(filer.cik)}-24-000007`, 'SC 13D', '2024-03-04', 'sc13d.htm');
  const sides = [
    { company: subject, filings: [shared, filing(`${pad(subject.cik)}-24-000002`, '8-K', '2024-02-01', 'form8k.htm')] },
    { company: filer, filings: [shared, filing(`${pad(filer.cik)}-24-000001`, '8-K', '2024-01-15', 'form8k.htm')] },
  ];
  const dir = tempDir('shared-filings-');
  return sides.map(({ company, filings }) => {
    const file = path.join(dir, `CIK${pad(company.cik)}.json`);
    fs.writeFileSync(file, JSON.stringify(submissionsJson(company, filings)));
    return file;
  });
}

/** What a company's file lists, read back from the written JSON. */
function listed(file: string): { accession: string; form: string; filed: string }[] {
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { filings: { recent: { accessionNumber: string[]; form: string[]; filingDate: string[] } } };
  const r = json.filings.recent;
  return r.accessionNumber.map((accession, i) => ({ accession, form: defined(r.form[i], 'form'), filed: defined(r.filingDate[i], 'filingDate') }));
}

async function assertEachCompanyListsItsFilings(engine: Engine, files: string[]): Promise<void> {
  for (const file of files) {
    const cik = Number(defined(/CIK(\d{10})/.exec(file), file)[1]);
    const expected = listed(file).sort((a, b) => a.accession.localeCompare(b.accession));
    const rows = await engine.query<{ accession: string; form: string; filed: string }>(
      `SELECT accession, form, strftime(filed, '%Y-%m-%d') AS filed FROM filing_rows($1::INTEGER) ORDER BY accession`, [cik]);
    assert.deepEqual(rows, expected, `filings of cik ${String(cik)}`);
    const [timeline] = await engine.query<{ j: string }>('SELECT to_json(recent)::VARCHAR AS j FROM filing_timeline($1::INTEGER)', [cik]);
    const recent = JSON.parse(defined(timeline, `timeline of ${String(cik)}`).j) as { accessionNumber: string; type: string }[];
    assert.deepEqual(recent.map((r) => r.accessionNumber).sort(), expected.map((e) => e.accession), `timeline of cik ${String(cik)}`);
  }
}

for (const { name, filer } of PAIRS) {
  describe(`a filing listed in two companies' submissions JSON belongs to both (${name})`, () => {
    test('ingested in one batch: each company lists it, and the same files again add no row', async () => {
      const { engine, cleanup } = await openTempEngine();
      try {
        const files = writeFiles(filer);
        await ingestPaths(engine, files);
        await assertEachCompanyListsItsFilings(engine, files);
        const counts = await warehouseCounts(engine);
        assert.equal(counts.filings, 4, 'one row per company and accession');
        await ingestPaths(engine, files);
        assert.deepEqual(await warehouseCounts(engine), counts);
      } finally {
        cleanup();
      }
    });

    for (const order of ['subject first', 'filer first'] as const) {
      test(`ingested in two batches (${order}): each company lists it, stored and computed alike`, async () => {
        const { engine, cleanup } = await openTempEngine();
        try {
          const files = writeFiles(filer);
          const batches = order === 'subject first' ? files : [...files].reverse();
          for (const file of batches) await ingestPaths(engine, [file]);
          await assertEachCompanyListsItsFilings(engine, files);
          await materializePeriods(engine);
          for (const file of files) {
            const cik = Number(defined(/CIK(\d{10})/.exec(file), file)[1]);
            const stored = await engine.query<{ accession: string }>('SELECT accession FROM filing_rows($1::INTEGER, p_stored := true) ORDER BY accession', [cik]);
            assert.deepEqual(stored.map((r) => r.accession), listed(file).map((l) => l.accession).sort(), `stored filings of cik ${String(cik)}`);
          }
          const counts = await warehouseCounts(engine);
          for (const file of batches) await ingestPaths(engine, [file]);
          assert.deepEqual(await warehouseCounts(engine), counts);
        } finally {
          cleanup();
        }
      });
    }
  });
}
