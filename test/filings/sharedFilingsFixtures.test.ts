// A filing belongs to every company whose EDGAR record lists it, on the real documents of the fixtures: an accession
// in two companies' submissions JSON (an insider's Form 4 under the issuer and the owner) and every company an SGML
// header names (issuer and reporting owners, subject company and filer, each co-registrant of an 8-K) are each
// listed by that company's filings, read here from the documents.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fixture, openTempEngine, warehouseCounts } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { sgmlHeaderParties } from '../helpers/sgmlHeaderParties.ts';

const SUBMISSIONS = fixture('edgar', 'submissions');
const HEADER_FOLDERS = [fixture('edgar', 'ownership'), fixture('edgar', '13dg'), fixture('edgar', 'filings', '8-K')];

const read = (file: string) => (file.endsWith('.gz') ? zlib.gunzipSync(fs.readFileSync(file)) : fs.readFileSync(file)).toString('latin1');
const files = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(dir, f)).filter((f) => fs.statSync(f).isFile()) : []);

/** Each accession of a submissions JSON with the cik that lists it and the form it states (dated snapshots left out). */
function submissionsListings(): { cik: number; accession: string; form: string; file: string }[] {
  return files(SUBMISSIONS).flatMap((file) => {
    const name = /CIK(\d{10})(-submissions-\d+)?\.json\.gz$/.exec(file);
    if (!name) return [];
    const json = JSON.parse(read(file)) as { filings?: { recent: Listing } } & Listing;
    const r = json.filings?.recent ?? json;
    return r.accessionNumber.map((accession, i) => ({ cik: Number(name[1]), accession, form: r.form[i] ?? '', file }));
  });
}
interface Listing { accessionNumber: string[]; form: string[] }

describe('a filing belongs to every company whose EDGAR record lists it (fixtures)', () => {
  let engine: Engine;
  let cleanup: () => void;
  const headers = HEADER_FOLDERS.flatMap(files).flatMap((file) => {
    const parties = sgmlHeaderParties(file);
    return parties ? [{ file, ...parties }] : [];
  });
  const listedBy = async (cik: number) => new Map((await engine.query<{ accession: string; form: string }>(
    'SELECT accession, form FROM filing_rows($1::INTEGER)', [cik])).map((r) => [r.accession, r.form]));

  before(async () => {
    ({ engine, cleanup } = await openTempEngine());
    await ingestPaths(engine, [SUBMISSIONS, ...headers.map((h) => h.file)]);
  });
  after(() => { cleanup(); });

  test('an accession in several companies\' submissions JSON is in each company\'s filings with the form it states', async () => {
    const listings = submissionsListings();
    const ciksOf = new Map<string, Set<number>>();
    for (const l of listings) ciksOf.set(l.accession, (ciksOf.get(l.accession) ?? new Set()).add(l.cik));
    const shared = listings.filter((l) => (ciksOf.get(l.accession)?.size ?? 0) > 1);
    assert.ok(shared.length > 0, 'the fixtures hold a filing listed by two companies');
    const byCik = new Map<number, Map<string, string>>();
    for (const l of shared) {
      const filings = byCik.get(l.cik) ?? await listedBy(l.cik);
      byCik.set(l.cik, filings);
      assert.equal(filings.get(l.accession), l.form, `${path.basename(l.file)}: ${l.accession} in the filings of cik ${String(l.cik)}`);
    }
  });

  test('every company an SGML header names lists the filing with the header\'s form', async () => {
    const several = headers.filter((h) => h.ciks.length > 1);
    assert.ok(several.length > 0, 'the fixtures hold a header naming several companies');
    for (const h of headers) {
      for (const cik of h.ciks) {
        const form = (await listedBy(cik)).get(h.accession);
        assert.ok(form !== undefined, `${path.basename(h.file)}: ${h.accession} missing from the filings of cik ${String(cik)}`);
        // a submissions JSON of the same filing outranks the header; both state EDGAR's form
        assert.equal(form, h.form, `${path.basename(h.file)}: form under cik ${String(cik)}`);
      }
    }
  });

  test('ingesting the same documents again adds no row', async () => {
    const counts = await warehouseCounts(engine);
    await ingestPaths(engine, [SUBMISSIONS, ...headers.map((h) => h.file)]);
    assert.deepEqual(await warehouseCounts(engine), counts);
  });
});
