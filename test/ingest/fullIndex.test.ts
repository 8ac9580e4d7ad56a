// EDGAR full-index files: the fixture daily form.idx and company.idx, and a master.idx written in SEC's layout from the
// form.idx lines; every filing line becomes one filings row (source full-index), values read from the file's lines.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { defined } from '../helpers/defined.ts';

const FORM_IDX = fixture('edgar', 'index', 'form.20200318.idx.gz');
const COMPANY_IDX = fixture('edgar', 'index', 'company.20221003.idx.gz');

interface Line { form: string; cik: number; filed: string; accession: string }

/** The filing lines of a fixed-width index as the test reads them: columns split on runs of 2+ spaces. */
function linesOf(file: string, formFirst: boolean): Line[] {
  const text = gunzipSync(fs.readFileSync(file)).toString('latin1');
  return text.split('\n').filter((l) => l.includes('edgar/data/')).map((l) => {
    const cells = l.trim().split(/\s{2,}/);
    const [file_, date, cik] = [cells.at(-1) ?? '', cells.at(-2) ?? '', cells.at(-3) ?? ''];
    return {
      form: (formFirst ? cells[0] : cells.at(-4)) ?? '', cik: Number(cik),
      filed: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}`, accession: defined(/(\d{10}-\d{2}-\d{6})\.txt$/.exec(file_)?.[1], file_),
    };
  });
}

async function rowsAfter(paths: string[]): Promise<Line[]> {
  const { engine, cleanup } = await openTempEngine();
  try {
    await ingestPaths(engine, paths);
    return await engine.query<Line>(`
      SELECT form, cik, filed::VARCHAR AS filed, accession FROM src_filings WHERE source = 'full-index' ORDER BY accession`);
  } finally {
    cleanup();
  }
}

const byAccession = (a: Line, b: Line) => a.accession.localeCompare(b.accession);

/** A filing with several parties (an exchange's 25-NSE about an issuer) is listed once per CIK: keep single ones. */
function singleParty(lines: Line[]): Line[] {
  const n = new Map<string, number>();
  for (const l of lines) n.set(l.accession, (n.get(l.accession) ?? 0) + 1);
  return lines.filter((l) => n.get(l.accession) === 1);
}

test('daily form.idx and company.idx: one filings row per line, with the line\'s form, CIK, date and accession', async () => {
  // a filing with several parties (an exchange's 25-NSE about an issuer) is listed once per CIK: a row under each
  const key = (l: Line) => `${String(l.cik)} ${l.accession}`;
  for (const [file, formFirst] of [[FORM_IDX, true], [COMPANY_IDX, false]] as const) {
    const lines = linesOf(file, formFirst);
    const rows = await rowsAfter([file]);
    assert.equal(rows.length, new Set(lines.map(key)).size, path.basename(file));
    assert.ok(singleParty(lines).length < lines.length, `${path.basename(file)} lists a filing under several CIKs`);
    const got = new Map(rows.map((r) => [key(r), r]));
    for (const line of lines) assert.deepEqual(got.get(key(line)), line, key(line));
  }
});

test('a master.idx written from the same filings yields the same rows', async () => {
  const lines = singleParty(linesOf(FORM_IDX, true)).slice(0, 300);
  const dir = tempDir('idx-');
  const master = path.join(dir, 'master.20200318.idx');
  fs.writeFileSync(master, [
    'Description:           Daily Index of EDGAR Dissemination Feed by Company Name', 'Last Data Received:    Mar 18, 2020',
    'Comments:              webmaster@sec.gov', 'Anonymous FTP:         ftp://ftp.sec.gov/edgar/', ' ', ' ',
    'CIK|Company Name|Form Type|Date Filed|File Name', '--------------------------------------------------------------------------------',
    ...lines.map((l) => `${String(l.cik)}|SOME COMPANY|${l.form}|${l.filed.replaceAll('-', '')}|edgar/data/${String(l.cik)}/${l.accession}.txt`),
  ].join('\n'));
  assert.deepEqual(await rowsAfter([master]), [...lines].sort(byAccession));
});

test('a malformed line is refused with the file and the line number', async () => {
  const dir = tempDir('idx-');
  const bad = path.join(dir, 'form.20200318.idx');
  const text = gunzipSync(fs.readFileSync(FORM_IDX)).toString('latin1').split('\n');
  const at = text.findIndex((l) => l.includes('edgar/data/'));
  text[at] = '10-K        BROKEN LINE WITHOUT A CIK';
  fs.writeFileSync(bad, text.join('\n'));
  const { engine, cleanup } = await openTempEngine();
  try {
    await assert.rejects(ingestPaths(engine, [bad]), new RegExp(`form\\.20200318\\.idx.*line ${String(at + 1)}`));
  } finally {
    cleanup();
  }
});
