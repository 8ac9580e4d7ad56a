// SEC submission containers: `.txt` full submissions (<SEC-DOCUMENT>/<SEC-HEADER>, maybe inside a 1990s
// PRIVACY-ENHANCED MESSAGE wrapper) and `.nc` dissemination files (<SUBMISSION>). The header becomes a FilingRow
// and EntityRows (source `sgml-header`); each <DOCUMENT>'s <TEXT> comes back as a nested SourceFile named
// `container!FILENAME` that carries the filing's accession, form and dates (SourceFile.container), so an
// XBRL instance or inline document inside is filed under the right accession. Uuencoded parts are dropped.
import { IngestError } from '../IngestError.ts';
import type { ContainerInfo, SourceFile } from '../SourceFile.ts';
import type { Batch } from '../Batch.ts';
import type { Address, EntityRow, FilingRow } from '../rows.ts';
import type { ContainerParser } from './Parser.ts';
import { child, parseNcHeader, parseTxtHeader, value, type SgmlNode } from './sgmlHeader.ts';
import { itemCode } from './sgmlItems.ts';
import { looksLikeInstance } from './xbrlInstance.ts';
import { looksLikeInline, parseInlineSet } from './inlineXbrl.ts';
import { readHeaderFundSeries } from './sgmlFundSeries.ts';
import { pushDocumentRows } from './sgmlDocumentRows.ts';

const HEAD = /^\s*(?:-----BEGIN PRIVACY-ENHANCED MESSAGE-----[\s\S]*?)?<(?:SEC-DOCUMENT|SEC-HEADER|SUBMISSION)>/;
const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;
/** Header roles in the order that picks the filing's CIK: the company the filing is about before who filed it. */
const ROLES = ['SUBJECT-COMPANY', 'ISSUER', 'FILER', 'FILED-FOR', 'FILED-BY', 'REPORTING-OWNER'];
const rank = (role: string) => (ROLES.includes(role) ? ROLES.indexOf(role) : ROLES.length);

export interface SgmlDocument {
  type: string | null;
  sequence: string | null;
  filename: string | null;
  description: string | null;
  body: Buffer | null;
  /** Bytes of the file the document is (a uuencoded image decoded), as EDGAR's filing index states its size. */
  size?: number;
}

export function isoDate(v: string | null): string | null {
  const m = v?.match(/^(\d{4})(\d{2})(\d{2})$/);
  return m ? `${String(m[1])}-${String(m[2])}-${String(m[3])}` : null;
}

export function isoTimestamp(v: string | null): string | null {
  const m = v?.match(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/);
  return m ? `${String(m[1])}-${String(m[2])}-${String(m[3])}T${String(m[4])}:${String(m[5])}:${String(m[6])}` : null;
}

function cikOf(v: string | null): number | null {
  return v && /^\d{1,10}$/.test(v) && Number(v) > 0 ? Number(v) : null;
}

/** Locate and parse the header; returns where the documents start. */
export function readHeader(file: SourceFile): { root: SgmlNode; docsFrom: number } {
  const buf = file.bytes;
  // The header opens within the first bytes (after at most a PEM preamble); do not scan a huge body for it.
  const start = buf.subarray(0, 1 << 16);
  const txtAt = start.indexOf('<SEC-HEADER>');
  const ncAt = start.indexOf('<SUBMISSION>');
  if (txtAt >= 0 && (ncAt < 0 || txtAt < ncAt)) {
    const end = buf.indexOf('</SEC-HEADER>', txtAt);
    if (end < 0) throw new IngestError(file.name, 'sgml: <SEC-HEADER> is never closed (truncated submission?)');
    const text = buf.subarray(txtAt, end).toString('latin1');
    return { root: parseTxtHeader(text.slice(text.indexOf('\n') + 1)), docsFrom: end };
  }
  if (ncAt >= 0) {
    const doc = buf.indexOf('<DOCUMENT>', ncAt);
    const end = doc < 0 ? buf.length : doc;
    return { root: parseNcHeader(buf.subarray(ncAt + '<SUBMISSION>'.length, end).toString('latin1')), docsFrom: end };
  }
  throw new IngestError(file.name, 'sgml: no <SEC-HEADER> or <SUBMISSION> header');
}

function metaTag(meta: string, tag: string): string | null {
  const m = new RegExp(`<${tag}>([^<\\r\\n]*)`).exec(meta);
  const v = m?.[1]?.trim();
  return v ? v : null;
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** The <TEXT> body without its <XML>/<XBRL> wrapper; null for uuencoded or PDF parts. */
function unwrap(body: Buffer): Buffer | null {
  const t = trim(body);
  const open = t.subarray(0, 10).toString('latin1').toUpperCase();
  if (open.startsWith('<PDF>') || /^BEGIN \d{3}/.test(open)) return null;
  for (const w of ['XML', 'XBRL']) {
    if (open.startsWith(`<${w}>`)) {
      const close = t.lastIndexOf(`</${w}>`);
      return trim(t.subarray(w.length + 2, close > 0 ? close : t.length));
    }
  }
  return t;
}

/** The decoded length of a uuencoded body: each line's first character encodes how many bytes it carries. */
function uudecodedLength(t: Buffer): number {
  let n = 0;
  let line = t.indexOf(0x0a) + 1; // past "begin 644 name"
  while (line > 0 && line < t.length) {
    const c = t[line] ?? 0x60;
    const next = t.indexOf(0x0a, line);
    if (c !== 0x60 && c >= 0x20 && c <= 0x5f && !t.subarray(line, line + 3).equals(Buffer.from('end'))) n += (c - 0x20) & 0x3f;
    line = next < 0 ? -1 : next + 1;
  }
  return n;
}

/** Size of the document's file: its text, or for a uuencoded part the bytes it decodes to. */
function fileSize(body: Buffer): number {
  const t = trim(body);
  return /^begin \d{3}/i.test(t.subarray(0, 10).toString('latin1')) ? uudecodedLength(t) : t.length;
}

function trim(b: Buffer): Buffer {
  let s = 0;
  let e = b.length;
  while (s < e && WS.has(b[s] ?? 0)) s++;
  while (e > s && WS.has(b[e - 1] ?? 0)) e--;
  return b.subarray(s, e);
}

export function splitDocuments(file: SourceFile, from: number): SgmlDocument[] {
  const buf = file.bytes;
  const docs: SgmlDocument[] = [];
  let pos = from;
  for (;;) {
    const d = buf.indexOf('<DOCUMENT>', pos);
    if (d < 0) break;
    const t = buf.indexOf('<TEXT>', d);
    const nextDoc = buf.indexOf('<DOCUMENT>', d + 10);
    if (t < 0 || (nextDoc >= 0 && nextDoc < t)) {
      throw new IngestError(file.name, `sgml: document ${String(docs.length + 1)} has no <TEXT> (truncated submission?)`);
    }
    const te = buf.indexOf('</TEXT>', t);
    if (te < 0) throw new IngestError(file.name, `sgml: document ${String(docs.length + 1)} has no </TEXT> (truncated submission?)`);
    const meta = buf.subarray(d, t).toString('latin1');
    docs.push({
      type: metaTag(meta, 'TYPE'), sequence: metaTag(meta, 'SEQUENCE'), filename: metaTag(meta, 'FILENAME'),
      description: metaTag(meta, 'DESCRIPTION'), body: unwrap(buf.subarray(t + 6, te)), size: fileSize(buf.subarray(t + 6, te)),
    });
    pos = te + 7;
  }
  return docs;
}

function address(n: SgmlNode | undefined): Address | null {
  if (!n) return null;
  return {
    street1: value(n, 'STREET1'), street2: value(n, 'STREET2'), city: value(n, 'CITY'),
    stateOrCountry: value(n, 'STATE'), stateOrCountryDescription: null, zipCode: value(n, 'ZIP'),
  };
}

/** A header party's identity block: COMPANY DATA for companies, OWNER DATA for reporting owners. */
function partyData(party: SgmlNode): SgmlNode | undefined {
  return child(party, 'COMPANY-DATA') ?? child(party, 'OWNER-DATA');
}

function partyCik(party: SgmlNode): number | null {
  return cikOf(value(partyData(party), 'CIK'));
}

function entityOf(party: SgmlNode, asOf: string): EntityRow | null {
  const data = partyData(party);
  const cik = partyCik(party);
  const name = value(data, 'CONFORMED-NAME');
  if (!cik || !name) return null;
  // .txt writes "ELECTRONIC COMPUTERS [3571]", .nc only the code.
  const sicText = value(data, 'ASSIGNED-SIC');
  const sicM = sicText?.match(/^(.*?)\s*\[(\d*)\]$/);
  const sic = sicM ? sicM[2] || null : sicText;
  const former = party.children.filter((c) => c.name === 'FORMER-COMPANY');
  const changed = former.map((f) => isoDate(value(f, 'DATE-CHANGED')));
  const ein = value(data, 'IRS-NUMBER');
  const fye = value(data, 'FISCAL-YEAR-END');
  const business = child(party, 'BUSINESS-ADDRESS');
  return {
    cik, name, entityType: null, sic, sicDescription: sicM?.[1]?.trim() || null, category: null,
    stateOfIncorporation: value(data, 'STATE-OF-INCORPORATION'), stateOfIncorporationDescription: null,
    fiscalYearEnd: fye && /^\d{4}$/.test(fye) ? fye : null, ein: ein && !/^0+$/.test(ein) ? ein : null,
    description: null, website: null, phone: value(business, 'PHONE'), tickers: [], exchanges: [],
    // DATE OF NAME CHANGE is when that former name took effect (Apple: APPLE INC 2007-01-09, where submissions
    // JSON says from 2007-01-10); the list is newest first, so a name ended when the next newer one began.
    formerNames: former.flatMap((f, i) => {
      const n = value(f, 'FORMER-CONFORMED-NAME');
      return n ? [{ name: n, from: changed[i] ?? null, to: i > 0 ? changed[i - 1] ?? null : null }] : [];
    }),
    businessAddress: address(business), mailingAddress: address(child(party, 'MAIL-ADDRESS')),
    insiderTransactionForOwnerExists: null, insiderTransactionForIssuerExists: null, asOf, source: 'sgml-header',
  };
}

export const sgmlParser: ContainerParser = {
  kind: 'sgml',
  container: true,
  detect(_file, head) {
    return HEAD.test(head);
  },
  parse(file: SourceFile, batch: Batch): SourceFile[] {
    const { root, docsFrom } = readHeader(file);
    const nameAccession = /(\d{10}-\d{2}-\d{6})/.exec(file.name)?.[1] ?? null;
    const accession = value(root, 'ACCESSION-NUMBER') ?? nameAccession;
    if (!accession || !ACCESSION.test(accession)) {
      throw new IngestError(file.name, `sgml: header has no valid ACCESSION NUMBER (${JSON.stringify(accession)})`);
    }
    const form = value(root, 'TYPE');
    if (!form) throw new IngestError(file.name, 'sgml: header has no CONFORMED SUBMISSION TYPE');
    const filed = isoDate(value(root, 'FILING-DATE'));
    const accepted = isoTimestamp(value(root, 'ACCEPTANCE-DATETIME'));
    const parties = root.children.filter((c) => partyData(c)).sort((a, b) => rank(a.name) - rank(b.name));
    const primary = parties.find((p) => partyCik(p));
    const cik = primary ? partyCik(primary) : null;
    if (!cik) throw new IngestError(file.name, 'sgml: header names no company or owner with a CIK');
    const values = child(primary, 'FILING-VALUES') ?? parties.map((p) => child(p, 'FILING-VALUES')).find((v) => v);

    const docs = splitDocuments(file, docsFrom);
    const kinds = docs.map((d) => {
      const head = d.body?.subarray(0, 4096).toString('utf8') ?? '';
      return looksLikeInline(head) ? 'inline' : looksLikeInstance(head) ? 'instance' : null;
    });
    const hasInstance = kinds.includes('instance');
    const first = docs[0];
    const filing: Omit<FilingRow, 'cik' | 'fileNumber' | 'filmNumber' | 'act'> = {
      accession, form, filed, accepted, reportDate: isoDate(value(root, 'PERIOD')),
      isAmendment: form.endsWith('/A'),
      items: (root.values.get('ITEMS') ?? []).map((t) => itemCode(t, filed)).filter((t) => t !== ''),
      isXbrl: hasInstance || kinds.includes('inline') || docs.some((d) => d.type?.startsWith('EX-101') ?? false),
      isInlineXbrl: kinds.includes('inline'),
      primaryDocument: first?.filename ?? null, primaryDocDescription: first?.description ?? null,
      documents: docs.flatMap((d) => (d.filename ? [d.filename] : [])), size: file.bytes.length,
      fy: null, fp: null, source: 'sgml-header',
    };
    // EDGAR lists a filing under every party its header names (issuer and reporting owners, subject company and
    // filer, each co-registrant), so each of them gets the filing; a party's own FILING VALUES (a co-registrant's
    // file number) win over the filing's first ones, field by field.
    const filedFor = new Set<number>();
    for (const p of parties) {
      const filer = partyCik(p);
      if (!filer || filedFor.has(filer)) continue;
      filedFor.add(filer);
      const own = child(p, 'FILING-VALUES') ?? values;
      batch.filings.push({
        ...filing, cik: filer,
        fileNumber: value(own, 'FILE-NUMBER') ?? value(values, 'FILE-NUMBER'),
        filmNumber: value(own, 'FILM-NUMBER') ?? value(values, 'FILM-NUMBER'), act: value(own, 'ACT') ?? value(values, 'ACT'),
      } satisfies FilingRow);
    }

    pushDocumentRows(batch, { cik, accession, form, listedBy: [...filedFor] }, docs, file.name);

    const asOf = filed ?? accepted?.slice(0, 10) ?? '1970-01-01';
    const seen = new Set<number>();
    for (const p of parties) {
      const e = entityOf(p, asOf);
      if (e && !seen.has(e.cik)) {
        seen.add(e.cik);
        batch.entities.push(e);
      }
    }

    readHeaderFundSeries(file.bytes.subarray(0, docsFrom).toString('latin1'), accession, asOf, batch);

    // who filed it (a schedule's cover names its reporting persons without CIKs; the header gives the filer's)
    const filers = parties.filter((p) => p.name === 'FILED-BY' || p.name === 'FILER').flatMap((p) => {
      const filerCik = partyCik(p);
      const name = value(partyData(p), 'CONFORMED-NAME');
      return filerCik && name ? [{ cik: filerCik, name }] : [];
    });
    const nested: SourceFile[] = [];
    const inlineSet: SourceFile[] = [];
    docs.forEach((d, i) => {
      // The extracted instance holds the facts of the whole inline document set; parsing both would file
      // every fact twice.
      if (!d.body || (hasInstance && kinds[i] === 'inline')) return;
      const container: ContainerInfo = { accession, form, cik, filed, accepted, documentType: d.type, filers };
      const name = d.filename ?? `${String(d.sequence ?? i + 1)}-${(d.type ?? 'document').replace(/[^\w.-]+/g, '_')}.txt`;
      (kinds[i] === 'inline' ? inlineSet : nested).push({ name: `${file.name}!${name}`, bytes: d.body, container });
    });
    // Without an extracted instance, several inline documents are one document set: an exhibit's facts may use
    // contexts declared in the main document, so they are read together rather than dispatched one by one.
    if (inlineSet.length > 1) parseInlineSet(inlineSet, batch);
    else nested.push(...inlineSet);
    return nested;
  },
};
