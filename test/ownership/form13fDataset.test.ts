// The SEC Form 13F data set layout (SUBMISSION, COVERPAGE, SUMMARYPAGE, INFOTABLE TSVs, columns as the SEC readme in
// sec-datasets/13f defines them). No real data-set files exist in the fixtures, so the tables are written here from
// the values of two real filings (Actiam 2020Q4, LTS One 2023Q3), and the result is compared with ingesting the same
// filings' XML: the holders must be identical, and ingesting both counts each filing once.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture } from '../helpers/tempWarehouse.ts';
import { ownershipWarehouse, scratchDir, type OwnershipWarehouse } from './ownershipWarehouse.ts';
import { defined } from '../helpers/defined.ts';

const FILINGS = [
  { file: '0001619124-21-000002.txt', cik: '0001619124', filed: '12-FEB-2021', period: '31-DEC-2020', name: 'ACTIAM N.V.' },
  { file: '0001894188-23-000007.txt', cik: '0001894188', filed: '14-NOV-2023', period: '30-SEP-2023', name: 'LTS One Management LP' },
];
const tag = (xml: string, name: string) => new RegExp(`<(?:\\w+:)?${name}>([^<]*)</(?:\\w+:)?${name}>`).exec(xml)?.[1] ?? '';

/** The four data-set tables for the fixture filings, with their values read from the filings' XML. */
function writeDataset(dir: string): string {
  const tables: Record<string, string[][]> = {
    SUBMISSION: [['ACCESSION_NUMBER', 'FILING_DATE', 'SUBMISSIONTYPE', 'CIK', 'PERIODOFREPORT']],
    COVERPAGE: [['ACCESSION_NUMBER', 'REPORTCALENDARORQUARTER', 'ISAMENDMENT', 'AMENDMENTNO', 'AMENDMENTTYPE', 'FILINGMANAGER_NAME', 'REPORTTYPE', 'FORM13FFILENUMBER']],
    SUMMARYPAGE: [['ACCESSION_NUMBER', 'OTHERINCLUDEDMANAGERSCOUNT', 'TABLEENTRYTOTAL', 'TABLEVALUETOTAL', 'ISCONFIDENTIALOMITTED']],
    INFOTABLE: [['ACCESSION_NUMBER', 'INFOTABLE_SK', 'NAMEOFISSUER', 'TITLEOFCLASS', 'CUSIP', 'FIGI', 'VALUE', 'SSHPRNAMT', 'SSHPRNAMTTYPE', 'PUTCALL',
      'INVESTMENTDISCRETION', 'OTHERMANAGER', 'VOTING_AUTH_SOLE', 'VOTING_AUTH_SHARED', 'VOTING_AUTH_NONE']],
  };
  let sk = 1000;
  for (const f of FILINGS) {
    const text = fs.readFileSync(fixture('edgar', '13f', f.file), 'utf8');
    const accession = f.file.replace('.txt', '');
    defined(tables.SUBMISSION, 'tables.SUBMISSION').push([accession, f.filed, '13F-HR', f.cik, f.period]);
    defined(tables.COVERPAGE, 'tables.COVERPAGE').push([accession, f.period, '', '', '', f.name, tag(text, 'reportType'), tag(text, 'form13FFileNumber')]);
    defined(tables.SUMMARYPAGE, 'tables.SUMMARYPAGE').push([accession, tag(text, 'otherIncludedManagersCount'), tag(text, 'tableEntryTotal'), tag(text, 'tableValueTotal'), 'N']);
    for (const row of text.match(/<(?:\w+:)?infoTable>[\s\S]*?<\/(?:\w+:)?infoTable>/g) ?? []) {
      defined(tables.INFOTABLE, 'tables.INFOTABLE').push([accession, String(sk++), tag(row, 'nameOfIssuer'), tag(row, 'titleOfClass'), tag(row, 'cusip'), '', tag(row, 'value'),
        tag(row, 'sshPrnamt'), tag(row, 'sshPrnamtType'), tag(row, 'putCall'), tag(row, 'investmentDiscretion'), tag(row, 'otherManager'),
        tag(row, 'Sole'), tag(row, 'Shared'), tag(row, 'None')]);
    }
  }
  const folder = path.join(dir, '2023q4_form13f');
  fs.mkdirSync(folder);
  for (const [name, rows] of Object.entries(tables)) fs.writeFileSync(path.join(folder, `${name}.tsv`), rows.map((r) => r.join('\t')).join('\n') + '\n');
  return folder;
}

const HOLDERS = `SELECT "managerName", "managerCik", value, shares, "shareType", "investmentDiscretion", "soleVoting", "reportDate", "accessionNumber", cusip
  FROM institutional_holders(NULL, NULL, $c, NULL, NULL, $d::DATE)`;

describe('13F data sets', () => {
  const scratch = scratchDir();
  let fromDataset: OwnershipWarehouse;
  let fromXml: OwnershipWarehouse;
  let both: OwnershipWarehouse;
  before(async () => {
    const folder = writeDataset(scratch.dir);
    const xml = FILINGS.map((f) => fixture('edgar', '13f', f.file));
    fromDataset = await ownershipWarehouse([folder]);
    fromXml = await ownershipWarehouse(xml);
    both = await ownershipWarehouse([...xml, folder]);
  });
  after(() => {
    for (const w of [fromDataset, fromXml, both]) w.cleanup();
    scratch.remove();
  });

  test('the tables are read as one 13F data-set group', () => {
    assert.deepEqual(fromDataset.report.parsed.map((p) => p.kind), ['13f-dataset']);
  });

  test('holders from the data set equal holders from the filings themselves (thousands before 2023, dollars after)', async () => {
    for (const [cusip, date] of [['037833100', '2020-12-31'], ['594918104', '2020-12-31'], ['023135106', '2023-09-30']] as const) {
      const a = await fromDataset.engine.query(HOLDERS, { c: cusip, d: date });
      const b = await fromXml.engine.query(HOLDERS, { c: cusip, d: date });
      assert.ok(a.length > 0, cusip);
      assert.deepEqual(a, b, cusip);
    }
    const [apple] = await fromDataset.engine.query<{ value: number }>(HOLDERS, { c: '037833100', d: '2020-12-31' });
    assert.equal(apple?.value, 230054000);
  });

  test('a filing ingested from its XML and from the data set counts once', async () => {
    const a = await both.engine.query(HOLDERS, { c: '023135106', d: '2023-09-30' });
    const b = await fromXml.engine.query(HOLDERS, { c: '023135106', d: '2023-09-30' });
    assert.deepEqual(a, b);
    const flagged = await both.engine.query('SELECT * FROM form13f_table_checks');
    assert.deepEqual(flagged, []);
  });
});
