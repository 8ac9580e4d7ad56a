// Document text and sectioning on real SEC documents of three vintages: each assertion reads what it expects
// from the document itself (its SGML header, its own heading lines), never from a copy of our output.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, it } from '../helpers/fixtureTest.ts';
import { fixture, fixturesPresent } from '../helpers/fixtures.ts';
import { documentText, sgmlDocuments, type Section } from '../../engine/documents/index.ts';
import { parseTxtHeader } from '../../engine/ingest/parsers/sgmlHeader.ts';
import { itemCode } from '../../engine/ingest/parsers/sgmlItems.ts';

function read(file: string): Buffer {
  const b = fs.readFileSync(file);
  return file.endsWith('.gz') ? gunzipSync(b) : b;
}

function files(dir: string, re: RegExp): string[] {
  if (!fixturesPresent || !fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => re.test(f)).map((f) => path.join(dir, f));
}

function allFiles(dir: string): string[] {
  if (!fixturesPresent) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? allFiles(p) : [p];
  });
}

/** The header lines of a .txt submission as written ("ITEM INFORMATION:\tResults of Operations ..."). */
function headerOf(raw: string): string {
  const at = raw.indexOf('<SEC-HEADER>');
  const end = raw.indexOf('</SEC-HEADER>');
  return at >= 0 && end > at ? raw.slice(raw.indexOf('\n', at) + 1, end) : '';
}

function wellFormed(text: string, sections: Section[]): void {
  let last = 0;
  for (const s of sections) {
    assert.ok(s.start >= last && s.start < s.end && s.end <= text.length, `section ${s.code} [${String(s.start)}, ${String(s.end)})`);
    last = s.end;
  }
  assert.equal(new Set(sections.map((s) => s.code)).size, sections.length, 'each code once');
}

const TENK = files(fixture('edgar/xbrl/ixbrl'), /10-?k/i);

describe('inline XBRL 10-K: Item 7 runs from its own heading to Item 7A', () => {
  for (const file of TENK) {
    it(path.basename(file), () => {
      const { text, sections } = documentText(read(file), file, { form: '10-K' });
      wellFormed(text, sections);
      const lines = text.split('\n');
      // The document lists Item 7 in its table of contents and opens it again where the body begins: the body
      // heading is the last line that starts "Item 7" and names Management's Discussion.
      const headings = lines.filter((l) => /^item\s*7\s*[.:|-]?\s*(\|\s*)?management.s discussion/i.test(l));
      const body7a = lines.filter((l) => /^item\s*7a\b/i.test(l)).at(-1);
      if (headings.length === 0 || body7a === undefined) return; // the 10-K incorporates MD&A by reference
      const i7 = sections.find((s) => s.code === '7');
      const i7a = sections.find((s) => s.code === '7A');
      assert.ok(i7 && i7a, 'Items 7 and 7A found');
      assert.equal(text.slice(i7.start).split('\n')[0], headings.at(-1));
      assert.equal(text.slice(i7a.start).split('\n')[0], body7a);
      assert.ok(i7.end <= i7a.start, 'Item 7 ends before Item 7A');
      assert.match(text.slice(i7.end, i7a.start), /^\s*$/);
      if (headings.length > 1) assert.ok(text.indexOf(headings[0] ?? '') < i7.start, 'the contents entry is skipped');
      // A bank may incorporate MD&A from its annual report exhibit: then the item is that one sentence.
      const body = text.slice(i7.start, i7.end);
      if (!/incorporated[^.]{0,120}by reference/i.test(body)) assert.ok(body.length > 10_000, 'the MD&A body, not a contents line');
    });
  }
});

describe('10-K / 10-Q inline XBRL: items in the order the form numbers them', () => {
  for (const file of files(fixture('edgar/xbrl/ixbrl'), /10-?q|10q/i)) {
    it(path.basename(file), () => {
      const { text, sections } = documentText(read(file), file, { form: '10-Q' });
      wellFormed(text, sections);
      // A 10-Q's Part II numbers its items again from 1; the codes carry the Part.
      const mdna = sections.find((s) => s.code === 'I-2');
      assert.ok(mdna, 'Part I Item 2 found');
      assert.match(text.slice(mdna.start, mdna.start + 200), /^item\s*2\b/i);
      assert.match(text.slice(mdna.start, mdna.start + 200), /discussion/i);
      if (/^part\s+ii\b/im.test(text)) assert.ok(sections.some((s) => s.code.startsWith('II-')), 'Part II items');
    });
  }
});

describe('8-K full submissions: item codes as the SGML header lists them, and the exhibit list', () => {
  for (const file of files(fixture('edgar/filings/8-K'), /\.txt(\.gz)?$/)) {
    it(path.basename(file), () => {
      const bytes = read(file);
      const raw = bytes.toString('latin1');
      const sub = sgmlDocuments(bytes, file);
      // Every <DOCUMENT> of the submission comes back with the <TYPE> and <FILENAME> it declares.
      const declared = [...raw.matchAll(/<DOCUMENT>\s*<TYPE>([^\r\n]*)/g)].map((m) => (m[1] ?? '').trim());
      assert.deepEqual(sub.documents.map((d) => d.type), declared);
      const exhibits = sub.documents.filter((d) => d.type?.startsWith('EX-'));
      const declaredExhibits = declared.filter((t) => t.startsWith('EX-'));
      assert.deepEqual(exhibits.map((d) => d.type), declaredExhibits);
      const primary = sub.documents[0];
      assert.ok(primary?.body);
      const { text, sections } = documentText(primary.body, primary.filename ?? '', { form: sub.form });
      wellFormed(text, sections);
      const filed = sub.filed;
      const items = (parseTxtHeader(headerOf(raw)).values.get('ITEMS') ?? []).map((t) => itemCode(t, filed));
      // Since the 2004 renumbering the header states the items in codes; the body opens each under "Item N.NN".
      const coded = items.filter((c) => /^\d\.\d\d$/.test(c));
      if (coded.length > 0 && coded.length === items.length) {
        for (const code of coded) {
          const s = sections.find((x) => x.code === code);
          assert.ok(s, `item ${code} of the header has a section (found ${sections.map((x) => x.code).join(', ')})`);
          assert.match(text.slice(s.start, s.end), new RegExp(`^item\\s+${code.replace('.', '\\.')}`, 'i'));
        }
      }
    });
  }
});

describe('1990s plain-text filings are sectioned', () => {
  for (const file of files(fixture('edgar/filings/8-K'), /^\d{10}-9\d-\d{6}\.txt$/)) {
    it(path.basename(file), () => {
      const sub = sgmlDocuments(read(file), file);
      const primary = sub.documents[0];
      assert.ok(primary?.body);
      const { text, sections } = documentText(primary.body, primary.filename ?? 'document.txt', { form: sub.form });
      wellFormed(text, sections);
      // The items are the lines of the document that begin "Item N." followed by a capitalised title.
      const written = [...primary.body.toString('latin1').matchAll(/^[ \t]*item\s+(\d{1,2})\.?[ \t]+[A-Z]/gim)].map((m) => m[1]);
      assert.ok(written.length > 0);
      assert.deepEqual(sections.map((s) => s.code), [...new Set(written)]);
    });
  }
});

describe('registration statements: named sections after the table of contents', () => {
  for (const file of files(fixture('edgar/filings/S-1'), /\.txt(\.gz)?$/)) {
    it(path.basename(file), () => {
      const sub = sgmlDocuments(read(file), file);
      const primary = sub.documents[0];
      assert.ok(primary?.body);
      const { text, sections } = documentText(primary.body, primary.filename ?? '', { form: sub.form });
      wellFormed(text, sections);
      const risk = sections.find((s) => s.code === 'risk-factors');
      assert.ok(risk, 'Risk Factors found');
      assert.match(text.slice(risk.start, risk.end), /^risk factors\n/i);
      // The contents list names Risk Factors first; the section is the later body heading.
      assert.ok(text.search(/risk factors/i) < risk.start);
      // the body, not a contents entry: at least a paragraph (a resale S-1's section is a page of cross-references)
      assert.ok(text.slice(risk.start, risk.end).split('\n').some((l) => l.length > 200), 'a paragraph of body text');
    });
  }
});

describe('every fixture filing reads without an error', () => {
  const all = allFiles(fixture('edgar/filings')).filter((f) => !/\.(xml|pdf|jpg|png|gif)(\.gz)?$/i.test(f));
  for (const file of all) {
    it(path.relative(fixture('edgar/filings'), file), () => {
      const bytes = read(file);
      const head = bytes.subarray(0, 4096).toString('latin1');
      const docs = /<SEC-HEADER>|<SUBMISSION>/.test(head)
        ? sgmlDocuments(bytes, file).documents.flatMap((d) => (d.body ? [{ body: d.body, name: d.filename ?? '' }] : []))
        : [{ body: bytes, name: file }];
      for (const d of docs) {
        const { text, sections } = documentText(d.body, d.name);
        assert.equal(typeof text, 'string');
        wellFormed(text, sections);
      }
    });
  }
});
