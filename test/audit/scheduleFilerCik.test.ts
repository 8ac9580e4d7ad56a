// Audit: a Schedule 13D/13G reporting person that files the schedule itself has a CIK, stated by the submission's
// SGML header (FILED-BY / FILED BY: the filer's conformed name and CIK), even when the cover page (legacy HTML or
// text) gives names only. Glazer Capital, LLC files its SC 13G on Avid Bioservices (0001076809-24-000144) as
// "GLAZER CAPITAL, LLC", CIK 1076809: /api/ownership/beneficial-owners answers that CIK for the cover's "Glazer
// Capital, LLC" and leaves the co-reporting person the header does not name (Paul J. Glazer) without one. Every 13D/G
// submission of the fixtures with a header is checked; names are compared in the test's own way (case,
// punctuation and word order ignored).
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fixture } from '../helpers/tempWarehouse.ts';
import { bearer } from '../http/testApp.ts';
import { fixtureApp } from '../helpers/fixtureApp.ts';

const DIR = fixture('edgar', '13dg');

interface Filing { accession: string; subjectCik: number; filers: { name: string; cik: number }[] }

const nameKey = (n: string) => n.toUpperCase().replace(/[^A-Z0-9 ]/g, ' ').split(' ').filter((w) => w !== '').sort().join(' ');

/** Each 13D/G submission with an SGML header: its accession, subject company and filer parties (name and CIK). */
function filings(): Filing[] {
  if (!fs.existsSync(DIR)) return [];
  return fs.readdirSync(DIR).flatMap((f) => {
    const bytes = fs.readFileSync(path.join(DIR, f));
    const text = (f.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('latin1');
    const header = text.slice(0, Math.max(0, text.indexOf('<DOCUMENT>')));
    const accession = /ACCESSION(?: NUMBER:|-NUMBER>)\s*(\d{10}-\d{2}-\d{6})/.exec(header)?.[1];
    if (!accession || !/(?:SUBMISSION TYPE:|<TYPE>)\s*(SC|SCHEDULE) 13[DG]/.test(header)) return [];
    // .nc: <SUBJECT-COMPANY> ... </SUBJECT-COMPANY>, <FILED-BY> ... </FILED-BY>; .txt: SUBJECT COMPANY: / FILED BY:
    const blocks = [...header.matchAll(/(?:<(SUBJECT-COMPANY|FILED-BY)>|^(SUBJECT COMPANY|FILED BY):)([\s\S]*?)(?=<\/?(?:SUBJECT-COMPANY|FILED-BY)>|^(?:SUBJECT COMPANY|FILED BY):|$(?![\s\S]))/gm)];
    const party = (body: string) => ({
      name: (/(?:<CONFORMED-NAME>|COMPANY CONFORMED NAME:)[ \t]*([^\r\n]+)/.exec(body)?.[1] ?? '').trim(),
      cik: Number(/(?:<CIK>|CENTRAL INDEX KEY:)[ \t]*(\d+)/.exec(body)?.[1] ?? NaN),
    });
    const subject = blocks.find((b) => /SUBJECT/.test(b[1] ?? b[2] ?? ''));
    const filers = blocks.filter((b) => /FILED/.test(b[1] ?? b[2] ?? '')).map((b) => party(b[3] ?? ''));
    if (!subject) return [];
    return [{ accession, subjectCik: party(subject[3] ?? '').cik, filers: filers.filter((p) => p.name !== '' && Number.isFinite(p.cik)) }];
  });
}

const fx = fixtureApp([DIR]);

interface Owner { reportingPersonName: string; reportingPersonCik: number | null; accessionNumber: string | null }

test('a 13D/G reporting person named as the filer in the SGML header carries the filer CIK', async () => {
  const all = filings().filter((f) => f.filers.length > 0);
  assert.ok(all.length > 0, 'the fixtures hold a 13D/G submission whose header names its filer');
  let matched = 0;
  for (const f of all) {
    const res = await fetch(`${fx.app.base}/api/ownership/beneficial-owners?cik=${String(f.subjectCik)}`, bearer(fx.app.tokens.Free));
    assert.equal(res.status, 200, `beneficial owners of cik ${String(f.subjectCik)}`);
    const rows = ((await res.json()) as Owner[]).filter((r) => r.accessionNumber === f.accession);
    assert.ok(rows.length > 0, `${f.accession}: its reporting persons are served`);
    for (const r of rows) {
      const filer = f.filers.find((p) => nameKey(p.name) === nameKey(r.reportingPersonName));
      if (filer) matched += 1;
      assert.equal(r.reportingPersonCik, filer?.cik ?? null, `${f.accession}: ${r.reportingPersonName}`);
    }
  }
  assert.ok(matched > 0, 'some reporting person is the header filer');
});
