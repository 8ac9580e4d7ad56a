// recent_offerings on the Vincerx shelf registration of the fixtures: the S-3 and POS AM full submissions (SGML) with
// the company's submissions JSON; the lifecycle of file 333-... as the documents state it.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { defined } from '../helpers/defined.ts';

const S3 = fixture('edgar', 'filings', 'S-3', '0001193125-25-012209.txt.gz');
const S3A = fixture('edgar', 'filings', 'S-3', '0001193125-25-068723.txt');
const POS_AM = fixture('edgar', 'filings', 'POS-AM', '0001193125-25-110092.txt');
const SUBMISSIONS = fixture('edgar', 'submissions', 'CIK0001796129.json.gz');

function header(file: string): Record<string, string> {
  const bytes = fs.readFileSync(file);
  const text = (file.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('latin1').slice(0, 4000);
  const field = (name: string) => defined(new RegExp(`${name}:\\s*(\\S[^\\n]*)`).exec(text)?.[1], name).trim();
  const d = field('FILED AS OF DATE');
  return { accession: field('ACCESSION NUMBER'), form: field('CONFORMED SUBMISSION TYPE'), filed: `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`, fileNumber: field('SEC FILE NUMBER') };
}

interface Offering { form: string; accessionNumber: string; dateFiled: string; fileNumber: string; kind: string;
  registration: { status: string; effectiveDate: string | null; postEffectiveAmendments: number; lastPostEffectiveAmendment: string | null; deregisteredDate: string | null } }

describe('recent offerings: a shelf registration and its lifecycle', () => {
  let engine: Engine;
  let cleanup: () => void;
  before(async () => {
    ({ engine, cleanup } = await openTempEngine());
    await ingestPaths(engine, [S3, POS_AM, SUBMISSIONS]);
  });
  after(() => { cleanup(); });

  test('the S-3 is listed under its file number, effective on the EFFECT notice date, deregistered by its POS AM', async () => {
    const s3 = header(S3);
    const posAm = header(POS_AM);
    assert.equal(posAm.fileNumber, s3.fileNumber);
    const json = JSON.parse(zlib.gunzipSync(fs.readFileSync(SUBMISSIONS)).toString('utf8')) as { filings: { recent: { form: string[]; fileNumber: string[]; filingDate: string[] } } };
    const r = json.filings.recent;
    const effect = r.form.map((form, i) => ({ form, file: r.fileNumber[i], date: r.filingDate[i] ?? '' }))
      .filter((x) => x.form === 'EFFECT' && x.file === s3.fileNumber).map((x) => x.date).sort()[0];
    const rows = await engine.query<Offering>('SELECT * FROM recent_offerings($1, NULL, NULL)', [1796129]);
    const row = defined(rows.find((x) => x.accessionNumber === s3.accession), 'the S-3');
    assert.equal(row.form, s3.form);
    assert.equal(row.dateFiled, s3.filed);
    assert.equal(row.fileNumber, s3.fileNumber);
    assert.equal(row.kind, 'registration');
    // the POS AM is filed to deregister the shelf's unsold securities, as its own text says
    const deregisters = /DEREGISTRATION OF UNSOLD SECURITIES/.test(fs.readFileSync(POS_AM, 'latin1'));
    assert.ok(deregisters);
    assert.equal(row.registration.status, 'deregistered');
    assert.equal(row.registration.deregisteredDate, posAm.filed);
    assert.equal(row.registration.effectiveDate, effect ?? null);
    assert.ok(row.registration.postEffectiveAmendments >= 1);
    assert.equal(row.registration.lastPostEffectiveAmendment, posAm.filed);
    // prospectuses under the same shelf share its lifecycle; the list is newest first
    const dates = rows.map((x) => x.dateFiled);
    assert.deepEqual(dates, [...dates].sort().reverse());
    assert.ok(rows.some((x) => x.kind === 'prospectus' && x.fileNumber === s3.fileNumber));
  });

  test('the fee exhibit of the S-3 as its total row states it; the S-3/A without one carries it from the S-3', async () => {
    const s3 = header(S3);
    const raw = zlib.gunzipSync(fs.readFileSync(S3)).toString('utf8').replace(/&nbsp;/g, ' ');
    // the exhibit's "Total Offering Amounts" row, read from the document's HTML table cells
    const at = raw.indexOf('EX-FILING FEES');
    const totalRow = raw.slice(raw.indexOf('Total Offering Amounts', at), raw.indexOf('Total Fees Previously Paid', at)).replace(/<[^>]*>/g, ' ');
    const [offering, fee] = [...totalRow.matchAll(/\$\s*([0-9][0-9,.]*)/g)].map((m) => Number((m[1] ?? '').replace(/,/g, '')));
    await ingestPaths(engine, [S3A]);
    const rows = await engine.query<Offering & { fees: { maxAggregateOfferingPrice: number; registrationFee: number; fromAccession: string } | null }>(
      'SELECT * FROM recent_offerings($1, NULL, NULL)', [1796129]);
    const own = defined(rows.find((x) => x.accessionNumber === s3.accession), 'the S-3');
    assert.deepEqual(own.fees && [own.fees.maxAggregateOfferingPrice, own.fees.registrationFee, own.fees.fromAccession], [offering, fee, s3.accession]);
    const amendment = defined(rows.find((x) => x.accessionNumber === header(S3A).accession), 'the S-3/A');
    assert.ok(!fs.readFileSync(S3A, 'utf8').includes('EX-FILING FEES'));
    assert.equal(amendment.fees?.fromAccession, s3.accession);
  });

  test('from/to bound the filing dates', async () => {
    const rows = await engine.query<Offering>("SELECT * FROM recent_offerings(NULL, '2025-01-01', '2025-03-31')");
    assert.ok(rows.length > 0);
    for (const x of rows) assert.ok(x.dateFiled >= '2025-01-01' && x.dateFiled <= '2025-03-31', x.dateFiled);
  });
});

describe('recent offerings: a post-effective amendment that does not deregister leaves the registration effective', () => {
  let engine: Engine;
  let cleanup: () => void;
  before(async () => {
    ({ engine, cleanup } = await openTempEngine());
    // the same POS AM with its deregistration language taken out (an amendment updating the prospectus instead)
    const amended = path.join(tempDir('posam-'), path.basename(POS_AM));
    fs.writeFileSync(amended, fs.readFileSync(POS_AM, 'latin1').replace(/deregist/gi, 'amend').replace(/DEREGIST/g, 'AMEND'), 'latin1');
    await ingestPaths(engine, [S3, amended, SUBMISSIONS]);
  });
  after(() => { cleanup(); });

  test('status effective, no deregistration date, the POS AM still counted', async () => {
    const s3 = header(S3);
    const row = defined((await engine.query<Offering>('SELECT * FROM recent_offerings($1, NULL, NULL)', [1796129])).find((x) => x.accessionNumber === s3.accession), 'the S-3');
    assert.equal(row.registration.status, 'effective');
    assert.equal(row.registration.deregisteredDate, null);
    assert.equal(row.registration.lastPostEffectiveAmendment, header(POS_AM).filed);
  });
});
