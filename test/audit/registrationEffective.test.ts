// Audit: a registration is effective once a Rule 424(b) prospectus is filed under it (such a prospectus is used after
// the effective date), and an automatic shelf (S-3ASR, F-3ASR) is effective on filing (Rule 462(e)). The 424B4
// (Traws), 424B5 (Curis) and 424B2 (Bank of America / BofA Finance) submissions of the fixtures came without the
// SEC's EFFECT notice and were served as "pending"; Caterpillar Financial's S-3ASR in the 2022-10-03 daily index too.
// Forms, file numbers and dates are read here from the submissions' headers and the index line.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture } from '../helpers/tempWarehouse.ts';
import { submissionText } from '../helpers/submissionParts.ts';
import { bearer, fixtureWarehouse, startTestApp, type TestApp, type TestWarehouse } from '../http/testApp.ts';

const DIR = fixture('edgar', 'filings', '424B');
const INDEX = fixture('edgar', 'index', 'company.20221003.idx.gz');
const SUBMISSIONS = fs.existsSync(DIR) ? fs.readdirSync(DIR).filter((f) => /^\d{10}-\d{2}-\d{6}\.txt(\.gz)?$/.test(f)).map((f) => path.join(DIR, f)) : [];

/** Every filer of a submission's header (CIK and file number) with the accession and form. */
function parties(file: string): { accession: string; form: string; cik: number; fileNumber: string }[] {
  const raw = submissionText(file);
  const header = raw.slice(0, raw.indexOf('<DOCUMENT>'));
  const accession = /ACCESSION NUMBER:\s*(\S+)/.exec(header)?.[1] ?? '';
  const form = /CONFORMED SUBMISSION TYPE:\s*(\S+)/.exec(header)?.[1] ?? '';
  return header.split(/^FILER:/m).slice(1).map((block) => ({
    accession, form, cik: Number(/CENTRAL INDEX KEY:\s*(\d+)/.exec(block)?.[1]), fileNumber: /SEC FILE NUMBER:\s*(\S+)/.exec(block)?.[1] ?? '',
  }));
}

interface Offering { cik: number; accessionNumber: string; form: string; fileNumber: string | null;
  registration: { status: string; effectiveDate: string | null } }

let wh: TestWarehouse;
let app: TestApp;

before(async () => {
  wh = await fixtureWarehouse([...SUBMISSIONS, INDEX]);
  app = await startTestApp(wh.engine);
});
after(async () => {
  await app.close();
  wh.cleanup();
});

const offerings = async (cik: number): Promise<Offering[]> => {
  const res = await fetch(`${app.base}/api/filings/recent-offerings?cik=${String(cik)}&pageSize=500`, bearer(app.tokens.Free));
  assert.equal(res.status, 200);
  return ((await res.json()) as { data: Offering[] }).data;
};

test('a 424(b) prospectus is filed under an effective registration; without the EFFECT notice its date is unknown', async () => {
  const all = SUBMISSIONS.flatMap(parties);
  assert.ok(all.length >= 3 && all.every((p) => /^424B\d$/.test(p.form)), 'the fixtures hold 424B submissions');
  for (const p of all) {
    const row = (await offerings(p.cik)).find((o) => o.accessionNumber === p.accession);
    assert.ok(row, `${p.accession} under cik ${String(p.cik)}`);
    assert.equal(row.fileNumber, p.fileNumber);
    assert.deepEqual(row.registration.status, 'effective', `${p.accession} (${p.form}) under cik ${String(p.cik)}`);
    assert.equal(row.registration.effectiveDate, null, 'no EFFECT notice on file');
  }
});

test('an automatic shelf registration is effective on the day it is filed', async () => {
  const lines = submissionText(INDEX).split('\n').filter((l) => /\sS-3ASR\s/.test(l) || /\sF-3ASR\s/.test(l));
  assert.ok(lines.length > 0, 'the daily index lists an automatic shelf');
  for (const line of lines) {
    const [, cik, accession] = /edgar\/data\/(\d+)\/(\d{10}-\d{2}-\d{6})\.txt/.exec(line) ?? [];
    const date = /\s(\d{8})\s+edgar\//.exec(line)?.[1] ?? '';
    const row = (await offerings(Number(cik))).find((o) => o.accessionNumber === accession);
    assert.ok(row, `${String(accession)} under cik ${String(cik)}`);
    assert.deepEqual(row.registration, { ...row.registration, status: 'effective', effectiveDate: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}` });
  }
});
