// A filing's documents are the filing's, whoever lists it: on every fixture SGML submission whose header names several
// parties (issuer and reporting owners, subject company and filer, co-registrants of an 8-K, F-3 or 424B), each party
// holds the submission's document list, its timeline lists the same exhibits, its recent offerings carry the same
// fees and terms, live and from the stored outputs; the text is stored once; a re-ingest adds nothing. Parties and
// documents are read here from the submission itself.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture, fixturesPresent } from '../helpers/fixtures.ts';
import { openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { materializePeriods } from '../../engine/financials/materializePeriods.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { sgmlHeaderParties, type HeaderParties } from '../helpers/sgmlHeaderParties.ts';
import { listedDocuments, submissionParts, submissionText } from '../helpers/submissionParts.ts';
import { feeTableFilings, writeFeeTableFilings, type FeeTableFiling } from '../helpers/feeTableFilings.ts';
import { tempDir } from '../helpers/tempWarehouse.ts';

const FOLDERS = [fixture('edgar', 'ownership'), fixture('edgar', '13dg'), fixture('edgar', 'filings')];

const walk = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir).flatMap((f) => {
  const p = path.join(dir, f);
  return fs.statSync(p).isDirectory() ? walk(p) : [p];
}) : []);

/** Every SGML submission of the folders whose header names more than one party. */
const SHARED: (HeaderParties & { file: string })[] = fixturesPresent ? FOLDERS.flatMap(walk)
  .filter((f) => /\.(txt|nc)(\.gz)?$/.test(f))
  .flatMap((file) => {
    const h = sgmlHeaderParties(file);
    return h && h.ciks.length > 1 ? [{ file, ...h }] : [];
  }) : [];

const OFFERING_FORMS = /^(S-1|S-1\/A|F-1|F-1\/A|S-3|S-3\/A|F-3|F-3\/A|S-3ASR|F-3ASR|424B.)$/;

interface Entry { accessionNumber: string; documents?: string[] }
interface Offering { accessionNumber: string; fees: unknown; terms: unknown }

describe('a filing\'s documents are the filing\'s, whoever lists it (fixtures)', () => {
  let engine: Engine;
  let cleanup: () => void;
  const counts = async () => engine.query<{ n: number }>(`
    SELECT (SELECT count(*) FROM src_filing_documents)::INTEGER AS n UNION ALL SELECT (SELECT count(*) FROM src_document_text)::INTEGER
    UNION ALL SELECT (SELECT count(*) FROM src_document_sections)::INTEGER`);
  const timeline = async (sql: string, cik: number, accession: string) => {
    const [row] = await engine.query<{ recent: string[] }>(sql, [cik]);
    return (row?.recent ?? []).map((r) => JSON.parse(r) as Entry).find((r) => r.accessionNumber === accession);
  };

  before(async () => {
    ({ engine, cleanup } = await openTempEngine());
    await ingestPaths(engine, SHARED.map((s) => s.file));
    await materializePeriods(engine);
  });
  after(() => { cleanup(); });

  test('the fixtures hold submissions naming several parties', () => {
    assert.ok(SHARED.length > 0);
  });

  test('every party holds the submission\'s document list, in its order', async () => {
    for (const s of SHARED) {
      const expected = submissionParts(submissionText(s.file)).map((p) => p.filename === '' ? null : p.filename);
      for (const cik of s.ciks) {
        const rows = await engine.query<{ filename: string | null }>(`
          SELECT filename FROM src_filing_documents
          WHERE bucket = cik_bucket($1::INTEGER) AND cik = $1::INTEGER AND accession = $2 AND source = 'sgml-header' ORDER BY sequence`,
        [cik, s.accession]);
        assert.deepEqual(rows.map((r) => r.filename), expected, `${path.basename(s.file)} under cik ${String(cik)}`);
      }
    }
  });

  test('every party\'s timeline lists the filing\'s exhibits, live and stored', async () => {
    let others = 0;
    for (const s of SHARED) {
      const expected = listedDocuments(submissionParts(submissionText(s.file)));
      for (const [i, cik] of s.ciks.entries()) {
        const live = await timeline('SELECT recent FROM filing_timeline($1)', cik, s.accession);
        if (!live) continue; // older than the party's 10 newest filings in the fixtures
        if (i > 0) others++;
        assert.deepEqual(live.documents ?? [], expected, `${path.basename(s.file)} live under cik ${String(cik)}`);
        const stored = await timeline('SELECT recent FROM filing_timeline_stored($1)', cik, s.accession);
        assert.deepEqual(stored?.documents ?? [], expected, `${path.basename(s.file)} stored under cik ${String(cik)}`);
      }
    }
    assert.ok(others > 0, 'a party other than the first sees a shared filing in its timeline');
  });

  test('every party of a registration statement or prospectus gets its fees and cover terms', async () => {
    const offerings = SHARED.filter((s) => OFFERING_FORMS.test(s.form));
    assert.ok(offerings.length > 0, 'the fixtures hold a registration statement or prospectus naming several parties');
    let feesSeen = 0;
    for (const s of offerings) {
      const raw = submissionText(s.file);
      const asListed = await Promise.all(s.ciks.map(async (cik) => {
        const rows = await engine.query<Offering>('SELECT accessionNumber, fees, terms FROM recent_offerings($1::INTEGER, NULL, NULL)', [cik]);
        const mine = rows.filter((r) => r.accessionNumber === s.accession);
        assert.equal(mine.length, 1, `${path.basename(s.file)}: one offering row under cik ${String(cik)}`);
        return mine[0];
      }));
      for (const [i, o] of asListed.entries()) {
        assert.deepEqual(o, asListed[0], `${path.basename(s.file)}: fees and terms under cik ${String(s.ciks[i])} as under the first party`);
      }
      const fees = asListed[0]?.fees as { registrationFee: number | null } | null;
      // a fee exhibit in the submission is read for every party; its fee is a figure the exhibit states
      if (/<TYPE>EX-FILING FEES/.test(raw)) {
        const fee = fees?.registrationFee;
        assert.ok(typeof fee === 'number', `${path.basename(s.file)}: the fee exhibit is read`);
        assert.ok(raw.includes(fee.toLocaleString('en-US', { maximumFractionDigits: 2 })), `${path.basename(s.file)}: fee ${String(fee)} is in the exhibit`);
        feesSeen++;
      }
    }
    assert.ok(feesSeen > 0, 'a fee exhibit shared by several parties was read');
  });

  test('market-wide, each party\'s offering is one row', async () => {
    const rows = await engine.query<{ accessionNumber: string; cik: number; n: number }>(`
      SELECT accessionNumber, cik, count(*)::INTEGER AS n FROM recent_offerings(NULL, NULL, NULL) GROUP BY ALL HAVING count(*) > 1`);
    assert.deepEqual(rows, []);
  });

  test('the text of a document is stored once, whoever lists the filing', async () => {
    const twice = await engine.query<{ accession: string; filename: string }>(`
      SELECT accession, filename FROM src_document_text GROUP BY ALL HAVING count(*) > 1`);
    assert.deepEqual(twice, []);
  });

  test('ingesting the same submissions again adds no row', async () => {
    const before = await counts();
    await ingestPaths(engine, SHARED.map((s) => s.file));
    assert.deepEqual(await counts(), before);
  });
});

/** The generated filing with a co-registrant: a second FILER block (its own CIK and file number) in the header. */
function coRegistered(f: FeeTableFiling, cik: number): FeeTableFiling {
  const filer = ['FILER:', '', '\tCOMPANY DATA:\t', '\t\tCOMPANY CONFORMED NAME:\t\t\tCO-REGISTRANT GUARANTOR LLC',
    `\t\tCENTRAL INDEX KEY:\t\t\t${String(cik).padStart(10, '0')}`, '', '\tFILING VALUES:', `\t\tFORM TYPE:\t\t${f.form}`,
    '\t\tSEC ACT:\t\t1933 Act', `\t\tSEC FILE NUMBER:\t333-${String(f.cik % 100000).padStart(5, '0')}-01`, ''].join('\n');
  return { ...f, raw: f.raw.replace('</SEC-HEADER>', `${filer}</SEC-HEADER>`) };
}

describe('a co-registrant of a generated registration statement with a plain-text fee table', () => {
  // the fixtures' shared registration statements carry fee exhibits; a 1990s cover-page table is generated
  const filings = feeTableFilings().filter((f) => f.form === 'S-1').map((f, i) => coRegistered(f, 1_009_990 + i));
  let engine: Engine;
  let cleanup: () => void;
  before(async () => {
    ({ engine, cleanup } = await openTempEngine());
    await ingestPaths(engine, writeFeeTableFilings(tempDir('co-registrant-'), filings));
  });
  after(() => { cleanup(); });

  test('each party\'s recent offerings carry the fee its cover table prints', async () => {
    assert.ok(filings.length > 0);
    for (const f of filings) {
      const parties = sgmlHeaderParties(writeFeeTableFilings(tempDir('co-registrant-'), [f])[0] ?? '');
      assert.equal(parties?.ciks.length, 2);
      for (const cik of parties.ciks) {
        const rows = await engine.query<{ accessionNumber: string; fees: { registrationFee: number } | null }>(
          'SELECT accessionNumber, fees FROM recent_offerings($1::INTEGER, NULL, NULL)', [cik]);
        const fee = rows.find((r) => r.accessionNumber === f.accession)?.fees?.registrationFee;
        assert.ok(fee !== undefined && f.raw.includes(`$${fee.toLocaleString('en-US')}`), `${f.accession} under cik ${String(cik)}: fee ${String(fee)}`);
      }
    }
  });
});
