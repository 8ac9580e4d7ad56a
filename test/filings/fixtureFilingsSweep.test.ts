// Every document of the fixtures' edgar/filings and every company of edgar/submissions, through the real app: the
// filing endpoints never answer 5xx (/api/filings/item for each item of each filing, the timeline, the earnings
// calendar, recent offerings, the research summary), and sectioning finds each item heading the document has. The
// suite iterates over what is there, so a document added to the fixtures is checked without a change here.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { startTestApp, type TestApp, type TestWarehouse } from '../http/testApp.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { materializePeriods } from '../../engine/financials/materializePeriods.ts';

const FILINGS = fixture('edgar', 'filings');
const SUBMISSIONS = fixture('edgar', 'submissions');

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : e.name === 'MANIFEST.md' ? [] : [path.join(dir, e.name)]);
}

function read(file: string): string {
  const b = fs.readFileSync(file);
  return (file.endsWith('.gz') ? zlib.gunzipSync(b) : b).toString('utf8');
}

/** The MANIFEST row of each fixture file: its form (first word: "8-K EX-99.1" is an 8-K's exhibit) and CIK. */
function manifestRows(): Map<string, { form: string; type: string; cik: number }> {
  const file = fixture('edgar', 'MANIFEST.md');
  const rows = new Map<string, { form: string; type: string; cik: number }>();
  if (!fs.existsSync(file)) return rows;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const cells = line.split(/(?<!\\)\|/).map((c) => c.trim());
    const rel = cells[1] ?? '';
    if (!rel.startsWith('filings/') || rel.endsWith('/')) continue;
    // "10-K exhibit EX-21.1" is a 10-K's exhibit; "EFFECT (for S-1)" an EFFECT; "SC TO-T/A" the whole form
    const words = (cells[6] ?? '').replace(/\(.*\)/g, '').split(/\s+/).filter((w) => w !== '' && !/^exhibit$/i.test(w));
    const exhibit = /^EX-/i.test(words.at(-1) ?? '') && words.length > 1 ? words.pop() : undefined;
    const form = words.join(' ');
    rows.set(rel, { form, type: exhibit ?? form, cik: Number((cells[4] ?? '').split(/[;,]/)[0]) || 9_999_998 });
  }
  return rows;
}

/**
 * A primary document saved without EDGAR's SGML header is wrapped in the header EDGAR writes (form and CIK from the
 * MANIFEST, a made-up accession of the never-assigned agent prefix 0009999998) so it enters through the same parser.
 */
function asSubmissions(files: string[], dir: string): string[] {
  const manifest = manifestRows();
  let n = 0;
  return files.map((file) => {
    const rel = path.relative(FILINGS, file);
    const row = manifest.get(`filings/${rel}`);
    if (/\.xml$|-index\.html?$/i.test(file) || !row?.form) return file;
    const raw = read(file);
    if (/<SEC-HEADER>|<SUBMISSION>/.test(raw)) return file;
    const accession = `0009999998-26-${String(++n).padStart(6, '0')}`;
    const filename = path.basename(file).replace(/\.gz$/, '');
    const body = raw.includes('<DOCUMENT>') ? raw : `<DOCUMENT>\n<TYPE>${row.type}\n<SEQUENCE>1\n<FILENAME>${filename}\n<TEXT>\n${raw}\n</TEXT>\n</DOCUMENT>`;
    const wrapped = path.join(dir, `${accession}.txt`);
    fs.writeFileSync(wrapped, `<SEC-DOCUMENT>${accession}.txt : 20260101\n<SEC-HEADER>${accession}.hdr.sgml : 20260101\n` +
      `ACCESSION NUMBER:\t\t${accession}\nCONFORMED SUBMISSION TYPE:\t${row.form}\nPUBLIC DOCUMENT COUNT:\t\t1\n` +
      `FILED AS OF DATE:\t\t20260101\n\nFILER:\n\n\tCOMPANY DATA:\t\n\t\tCOMPANY CONFORMED NAME:\t\t\tFIXTURE DOCUMENT ${rel}\n` +
      `\t\tCENTRAL INDEX KEY:\t\t\t${String(row.cik).padStart(10, '0')}\n\n</SEC-HEADER>\n${body}\n</SEC-DOCUMENT>\n`);
    return wrapped;
  });
}

/** Named prospectus sections: the document's heading line (the title alone on its line) and the code it must get. */
const NAMED: [RegExp, string][] = [
  [/^risk factors$/i, 'risk-factors'],
  [/^use of proceeds$/i, 'use-of-proceeds'],
  [/^underwriting$/i, 'underwriting'],
  [/^plan of distribution$/i, 'plan-of-distribution'],
  [/^prospectus summary$/i, 'prospectus-summary'],
];

/**
 * The item codes a document's own heading lines name, read from its text: "Item 2.02 ..." (8-K), "Item 7. ..."
 * (10-K, 20-F), "Item 2" after "Part II" (10-Q: II-2), a prospectus section title alone on its line. Table rows
 * (a table of contents) are not headings.
 */
function headingsOf(form: string, text: string): Set<string> {
  const codes = new Set<string>();
  let part = 'I';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.includes('|') || line.length > 200) continue;
    const partMatch = /^part\s+(I{1,2})\b/i.exec(line);
    if (partMatch?.[1]) part = partMatch[1].toUpperCase();
    if (/^8-K/.test(form)) {
      const m = /^item\s+([1-9]\.[0-9]{2})\b/i.exec(line);
      if (m?.[1]) codes.add(m[1]);
    } else if (/^10-K/.test(form)) {
      const m = /^item\s+([1-9][0-9]?[A-C]?)[.:\s]/i.exec(line);
      if (m?.[1]) codes.add(m[1].toUpperCase());
    } else if (/^10-Q/.test(form)) {
      const m = /^item\s+([1-6]A?)[.:\s]/i.exec(line);
      if (m?.[1]) codes.add(`${part}-${m[1].toUpperCase()}`);
    } else if (/^(S-1|S-3|F-1|F-3|424B)/.test(form)) {
      const title = line.replace(/[.:\s]+$/, '');
      for (const [re, code] of NAMED) if (re.test(title)) codes.add(code);
    }
  }
  return codes;
}

describe('every fixture filing and company on the filing endpoints', () => {
  let wh: TestWarehouse;
  let app: TestApp;
  /** Files the ingest refused, with the reason it gave. */
  const refused = new Map<string, string>();
  const get = async (url: string) => {
    const res = await fetch(`${app.base}${url}`, { headers: { Authorization: `Bearer ${app.tokens.Pro}` } });
    const body = await res.text();
    return { status: res.status, body };
  };
  before(async () => {
    const submissions = fs.existsSync(SUBMISSIONS) ? fs.readdirSync(SUBMISSIONS).filter((f) => f.endsWith('.json.gz')).map((f) => path.join(SUBMISSIONS, f)) : [];
    const inputs = [...asSubmissions(filesUnder(FILINGS), tempDir('sweep-')), ...submissions, fixture('edgar', 'reference', 'company_tickers_exchange.json.gz')];
    wh = await openTempEngine('write');
    // as `npm run ingest` does, each commit refreshes the stored periods, statements and filings index, so the
    // endpoints answer from what production serves (and the research summaries do not recompute statements per call)
    const refresh = { afterCommit: async (e: typeof wh.engine) => { await materializePeriods(e); } };
    // a batch with a file it cannot read is refused whole, naming each such file and why: the files that are no SEC
    // submission or JSON (a Form D's XML, a lone exhibit, an index page) go in first as a batch of their own, so the
    // refusal re-parses them and not the corpus (measured: the refused whole-corpus pass cost as much CPU as the
    // ingest itself); then everything not refused goes in, and a refusal there fails the suite
    const probe = inputs.filter((f) => !f.endsWith('.json.gz') && !/<SEC-HEADER>|<SUBMISSION>/.test(read(f).slice(0, 1 << 16)));
    try {
      await ingestPaths(wh.engine, probe);
    } catch (e) {
      for (const m of String(e instanceof Error ? e.message : e).matchAll(/^\s+(\/\S+): (.+)$/gm)) refused.set(m[1] ?? '', m[2] ?? '');
      assert.ok(refused.size > 0, String(e));
    }
    await ingestPaths(wh.engine, inputs.filter((f) => !refused.has(f)), refresh);
    app = await startTestApp(wh.engine);
  });
  after(async () => {
    await app.close();
    wh.cleanup();
  });

  test('a fixture file the ingest cannot read is refused with its name and a reason, never silently dropped', () => {
    for (const [file, reason] of refused) {
      assert.ok(fs.existsSync(file), file);
      assert.match(reason, /\w{4,}/, file);
      // only documents that are no filing (a Form D's XML, a lone exhibit) may be refused
      assert.ok(/\/(D|EX-21)\//.test(file), `${file}: ${reason}`);
    }
  });

  test('/api/filings/item answers every item of every filing, and 400 (never 5xx) for an item it lacks', async () => {
    const filings = await wh.engine.query<{ accession: string }>('SELECT DISTINCT accession FROM src_document_text ORDER BY accession');
    assert.ok(filings.length > 0);
    for (const { accession } of filings) {
      const probe = await get(`/api/filings/item?accessionNumber=${accession}&item=no-such-item`);
      assert.equal(probe.status, 400, `${accession}: ${probe.body.slice(0, 300)}`);
      // the items the filing has, as the answer names them ("available items: 1, 1A, 2"; "none" without sections)
      const listed = /available items: ([^"]*)"/.exec(probe.body)?.[1] ?? '';
      const sections = listed === '' || /^none/i.test(listed) ? [] : listed.split(', ').map((code) => ({ code }));
      for (const [i, { code }] of sections.entries()) {
        // Markdown is rendered from the same section text: once per filing is enough to see it never fails
        const format = i === 0 ? 'markdown' : 'text';
        const r = await get(`/api/filings/item?accessionNumber=${accession}&item=${encodeURIComponent(code)}&format=${format}`);
        assert.equal(r.status, 200, `${accession} item ${code} (${format}): ${r.body.slice(0, 300)}`);
      }
    }
  });

  test('sectioning finds every item heading the primary document of a 10-K, 10-Q, 8-K or prospectus has', async () => {
    const docs = await wh.engine.query<{ accession: string; form: string; filename: string; text: string; codes: string[] | null }>(`
      SELECT t.accession, t.form, t.filename, t.text,
        (SELECT list(DISTINCT s.code) FROM src_document_sections s WHERE s.accession = t.accession AND s.filename = t.filename) AS codes
      FROM src_document_text t
      WHERE t.type = t.form AND regexp_matches(t.form, '^(10-K|10-Q|8-K|S-1|S-3|F-1|F-3|424B)')`);
    assert.ok(docs.length > 0);
    for (const d of docs) {
      const found = new Set(d.codes ?? []);
      const missing = [...headingsOf(d.form, d.text)].filter((c) => !found.has(c));
      assert.deepEqual(missing, [], `${d.accession} ${d.form} ${d.filename}: headings without a section (found ${[...found].join(', ')})`);
    }
  });

  test('timeline, earnings calendar, recent offerings and research summary never answer 5xx for a fixture company', async () => {
    // the companies of the submissions JSON and the filers of the documents (co-registrants included)
    const companies = await wh.engine.query<{ cik: number }>('SELECT DISTINCT cik FROM src_filings ORDER BY cik');
    assert.ok(companies.length > 0);
    for (const { cik } of companies) {
      for (const url of [`/api/filings/timeline?cik=${String(cik)}`, `/api/earnings/calendar?cik=${String(cik)}`,
        `/api/filings/recent-offerings?cik=${String(cik)}`, `/api/company/research-summary?cik=${String(cik)}`]) {
        const r = await get(url);
        assert.ok(r.status < 500, `${url}: ${String(r.status)} ${r.body.slice(0, 300)}`);
        assert.ok(r.status === 200 || /"error"/.test(r.body), `${url}: ${String(r.status)} without an error message`);
      }
    }
    for (const url of ['/api/filings/recent-offerings', '/api/earnings/calendar', '/api/company/ipo-calendar']) {
      const r = await get(url);
      assert.ok(r.status < 500, `${url}: ${String(r.status)} ${r.body.slice(0, 300)}`);
    }
  });
});
