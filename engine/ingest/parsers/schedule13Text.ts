// Schedules 13D and 13G filed before the XML form (plain text or HTML, SC 13D / SC 13G and amendments). Only the parts
// of the cover page that read reliably are taken: issuer name, class title, CUSIP (required: a cover page without one is
// an ingest error), event date, the checked 13d-1 rule, and rows 1-12 of each reporting person; for 13D also Item 4.
import { defined } from '../../query/defined.ts';
import { IngestError } from '../IngestError.ts';
import type { SourceFile } from '../SourceFile.ts';
import type { Parser } from './Parser.ts';
import type { BeneficialOwnerRow } from '../rows.ts';
import { filingMetaOf } from './ownershipFilingMeta.ts';
import { findCusip } from './schedule13Cusip.ts';

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", rsquo: "'", lsquo: "'", ldquo: '"', rdquo: '"', ndash: '-', mdash: '-', sect: '§' };

/** Tags removed, entities decoded, whitespace collapsed to single spaces. */
export function plainText(raw: string): string {
  return raw
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&([a-z]+);/gi, (m, e: string) => ENTITIES[e.toLowerCase()] ?? m)
    .replace(/[\s\u00a0]+/g, ' ');
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

function longDate(s: string | undefined): string | null {
  if (!s) return null;
  let m = /([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})/.exec(s);
  if (m) {
    const prefix = defined(m[1], 'month name').toLowerCase().slice(0, 3);
    const month = MONTHS.findIndex((x) => x.startsWith(prefix)) + 1;
    if (month > 0) return `${String(m[3])}-${String(month).padStart(2, '0')}-${defined(m[2], 'm[2]').padStart(2, '0')}`;
  }
  m = /(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(s);
  return m ? `${String(m[3])}-${defined(m[1], 'm[1]').padStart(2, '0')}-${defined(m[2], 'm[2]').padStart(2, '0')}` : null;
}

function amount(s: string | undefined): number | null {
  if (s === undefined) return null;
  if (/^-0-$/.test(s)) return 0;
  const n = Number(s.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

const NUM = String.raw`(-0-|\d[\d,]*(?:\.\d+)?)`;

function field(block: string, label: string): number | null {
  return amount(new RegExp(`${label}\\s*(?:\\(See Item[^)]*\\))?\\s*:?\\s*${NUM}`, 'i').exec(block)?.[1]);
}

function between(text: string, after: RegExp, before: RegExp): string | null {
  const a = after.exec(text);
  if (!a) return null;
  const rest = text.slice(a.index + a[0].length);
  const b = before.exec(rest);
  return b ? rest.slice(0, b.index) : null;
}

function clean(s: string | null | undefined): string | null {
  const t = s?.replace(/[_\-=]{2,}/g, ' ').replace(/\s+/g, ' ').trim();
  return t ? t : null;
}

/** How names are compared: upper case, punctuation dropped, words sorted ("GLAZER CAPITAL, LLC" = "Glazer Capital, LLC"). */
const nameKey = (n: string) => n.toUpperCase().replace(/[^A-Z0-9 ]/g, ' ').split(' ').filter((w) => w !== '').sort().join(' ');

/** The CIK of the one header filer whose conformed name is the reporting person's name (the cover gives no CIKs). */
function filerCikOf(name: string, filers: readonly { cik: number; name: string }[]): number | null {
  const same = [...new Set(filers.filter((f) => nameKey(f.name) === nameKey(name)).map((f) => f.cik))];
  return same.length === 1 ? defined(same[0], 'same[0]') : null;
}

function personsOf(text: string): { name: string; block: string }[] {
  const starts = [...text.matchAll(/\(?1\)?\s*\.?\s*NAMES? OF REPORTING PERSONS?\.?/gi)];
  return starts.flatMap((m, i) => {
    const from = m.index + m[0].length;
    const to = i + 1 < starts.length ? defined(starts[i + 1], 'starts[i + 1]').index : Math.min(text.length, from + 4000);
    const block = text.slice(from, to);
    const cut = /\(?2\)?\s*\.?\s*CHECK THE APPROPRIATE BOX/i.exec(block);
    const rawName = cut ? block.slice(0, cut.index) : '';
    const name = clean(rawName
      .replace(/I\.?R\.?S\.? IDENTIFICATION NOS?\.? OF ABOVE PERSONS? \(ENTITIES ONLY\)\.?/gi, '')
      .replace(/S\.?S\.? OR I\.?R\.?S\.?[^:]*:?/gi, '')
      .replace(/^[\s.:]+/, ''));
    return name ? [{ name, block }] : [];
  });
}

export function parseSchedule13Text(file: SourceFile, raw: string, formHint: string | null): BeneficialOwnerRow[] {
  const typeLine = /<TYPE>\s*([^\n<]+)/i.exec(raw)?.[1]?.trim() ?? null;
  const text = plainText(raw);
  const meta = filingMetaOf(file);
  const kind = /SCHEDULE\s+13D/i.test(text) ? 'D' : 'G';
  const amendmentNo = Number(/Amendment No\.?\s*:?\s*(\d+)/i.exec(text)?.[1] ?? NaN);
  const form = (formHint ?? typeLine ?? `SC 13${kind}${amendmentNo > 0 ? '/A' : ''}`).toUpperCase();
  const issuerName = clean(/(?:1934|\))\s*(?:\(Amendment No[^)]*\))?\s*([^()]*?)[\s_-]*\(Name of Issuer\)/i.exec(text)?.[1]);
  const classTitle = clean(between(text, /\(Name of Issuer\)/i, /\(Title of Class of Securities\)/i));
  // the cover's CUSIP line, in the order of how reliably each spelling places it
  const beforeLabel = /\(CUSIP Number\)/i.exec(text);
  const candidates = [
    between(text, /\(Title of Class of Securities\)/i, /\(CUSIP Number\)/i),
    /CUSIP\s*(?:No\.?|Number|#)\s*:?\s*([0-9A-Z][0-9A-Z\s-]{8,12})/i.exec(text)?.[1] ?? null,
    beforeLabel ? text.slice(Math.max(0, beforeLabel.index - 60), beforeLabel.index) : null,
  ];
  const cusip = candidates.reduce<string | null>((found, c) => found ?? (c ? findCusip(c) : null), null);
  if (!cusip) throw new IngestError(file.name, 'Schedule 13D/G (text): the cover page states no CUSIP number that can be read');
  const eventDate = longDate(between(text, /\(CUSIP Number\)/i, /\(Date of Event/i) ?? undefined);
  const rule = /(?:\[\s*[xX]\s*\]|[þý☒■✓✔]|\bx\b)\s*Rule\s*(13d-1\([bcd]\))/.exec(text)?.[1] ?? null;
  const purpose = kind === 'D'
    ? clean(between(text, /Item\s*4\.?\s*:?\s*Purposes? of (?:the )?Transaction\.?/i, /Item\s*5\.?\s*:?\s*Interests? in Securities/i)?.slice(0, 8000))
    : null;
  const persons = personsOf(text);
  if (persons.length === 0) throw new IngestError(file.name, 'Schedule 13D/G (text): no reporting person found on the cover page');
  const filers = file.container?.filers ?? [];
  return persons.map(({ name, block }, i) => ({
    accession: meta.accession,
    form,
    isAmendment: form.endsWith('/A') || amendmentNo > 0,
    amendmentNo: Number.isFinite(amendmentNo) ? amendmentNo : null,
    filed: meta.filed,
    eventDate,
    // an SC 13D/G header names the subject company first
    issuerCik: meta.primaryCik,
    issuerName,
    cusip,
    securityClassTitle: classTitle,
    filerCik: filers.length === 1 ? defined(filers[0], 'filers[0]').cik : null,
    seq: i + 1,
    personCik: filerCikOf(name, filers),
    personName: name,
    typeOfReportingPerson: /TYPE OF REPORTING PERSON\s*(?:\*|\(See Instructions\))?\s*:?\s*([A-Z]{2}(?:\s*[,;/]\s*[A-Z]{2})*)\b/i.exec(block)?.[1]?.toUpperCase().split(/\s*[,;/]\s*/).join(', ') ?? null,
    citizenship: clean(/CITIZENSHIP OR PLACE OF ORGANIZATION\s*:?\s*(.*?)\s*(?:NUMBER OF SHARES|\(?5\)?\s*\.?\s*SOLE VOTING)/i.exec(block)?.[1]),
    soleVoting: field(block, 'SOLE VOTING POWER'),
    sharedVoting: field(block, 'SHARED VOTING POWER'),
    soleDispositive: field(block, 'SOLE DISPOSITIVE POWER'),
    sharedDispositive: field(block, 'SHARED DISPOSITIVE POWER'),
    aggregateAmount: field(block, 'AGGREGATE AMOUNT BENEFICIALLY OWNED BY EACH REPORTING PERSON'),
    percentOfClass: amount(/PERCENT OF CLASS REPRESENTED BY AMOUNT IN ROW\s*\(?9\)?\s*:?\s*(\d+(?:\.\d+)?)\s*%/i.exec(block)?.[1]),
    memberOfGroup: null,
    purpose,
    rule,
    source: '13dg' as const,
  }));
}

const SCHEDULE_TYPE = /^(SC|SCHEDULE)\s*13[DG]/i;

/** The schedule's form as its container states it: the document's own <TYPE>, else (bare document) nothing. */
function formHintOf(file: SourceFile): string | null {
  const meta = filingMetaOf(file);
  const own = meta.documentType ?? (meta.form && !file.container?.documentType ? meta.form : null);
  return own && SCHEDULE_TYPE.test(own) ? own.toUpperCase() : null;
}

export const schedule13TextParser: Parser = {
  kind: '13dg-text',
  detect(file, head) {
    if (head.includes('<SEC-DOCUMENT>') || head.includes('<SUBMISSION>') || head.includes('<edgarSubmission')) return false;
    if (/<TYPE>\s*SC\s*13[DG]/i.test(head) || formHintOf(file) !== null) return true;
    // an exhibit of a 13D/G submission (joint filing agreement, letter) is not a cover page
    if (file.container?.documentType && !SCHEDULE_TYPE.test(file.container.documentType)) return false;
    const plain = plainText(head);
    return /SCHEDULE\s+13[DG]\b/i.test(plain) && /\(CUSIP Number\)/i.test(plain);
  },
  parse(file, batch) {
    const utf8 = file.bytes.toString('utf8');
    // old HTML schedules are windows-1252 (checkbox glyphs as single bytes); UTF-8 when it decodes cleanly
    const raw = utf8.includes('\uFFFD') ? file.bytes.toString('latin1') : utf8;
    const rows = parseSchedule13Text(file, raw, formHintOf(file));
    batch.beneficial_owners.push(...rows);
    batch.securities.push({
      cik: null, ticker: null, exchange: null, name: defined(rows[0], 'rows[0]').issuerName, cusip: defined(rows[0], 'rows[0]').cusip, compositeFigi: null,
      shareClassFigi: null, kind: null, asOf: defined(rows[0], 'rows[0]').filed ?? defined(rows[0], 'rows[0]').eventDate ?? '1970-01-01', source: '13dg',
    });
  },
};
