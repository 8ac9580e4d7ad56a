// Downloads what the fund endpoints need about funds named by ticker: the SEC's fund ticker file (so the symbols
// resolve), the registrant's submissions, and the full submissions of the series' latest N-PORT report, tailored
// shareholder report (N-CSR / N-CSRS) and prospectus fee table (485BPOS / 497 with XBRL). A trust files for many
// series under one CIK, so each candidate filing's SGML header (`.hdr.sgml`, else the full submission's) is read,
// newest first, until one lists the series.
import fs from 'node:fs';
import type { EdgarSource, FetchEvent, FetchResult } from './fetchCompanies.ts';
import { fetchSubmission, parseJson, UnexpectedBodyError } from './fetchCompanies.ts';
import { fundTickersUrl, submissionHeaderUrl, submissionTextUrl, submissionsUrl } from './edgarUrls.ts';
import { filingsOfColumns, readSubmissionsIndex, type FilingRef } from './filingList.ts';
import { fundTickerTable, splitFundTickers, type FundTickerRef } from './resolveFundTickers.ts';

export type FundFetchEvent =
  | FetchEvent
  | { kind: 'fund-resolved'; fund: FundTickerRef }
  | { kind: 'fund-picked'; fund: FundTickerRef; label: string; filing: FundFiling; checked: number }
  | { kind: 'fund-none'; fund: FundTickerRef; label: string; checked: number }
  | { kind: 'fund-scanning'; fund: FundTickerRef; label: string; checked: number; of: number };

export interface FundFiling extends FilingRef {
  /** YYYY-MM-DD, '' when the feed states none. */
  reportDate: string;
}

/** The document families fetched per fund; `xbrl`: only filings EDGAR flags as carrying XBRL hold the tagged values. */
export const FUND_FORM_GROUPS: readonly { label: string; forms: readonly string[]; xbrl: boolean; byReportDate: boolean }[] = [
  { label: 'N-PORT report', forms: ['NPORT-P', 'NPORT-P/A'], xbrl: false, byReportDate: true },
  { label: 'shareholder report', forms: ['N-CSR', 'N-CSRS', 'N-CSR/A', 'N-CSRS/A'], xbrl: true, byReportDate: true },
  { label: 'prospectus fee table', forms: ['485BPOS', '497'], xbrl: true, byReportDate: false },
];

/**
 * Headers read per fund and form family before giving up: a large trust files one N-PORT per series each period (some
 * hundreds on one day), so the series' latest can sit deep in the list. Headers are small and cached.
 */
export const MAX_HEADERS_PER_GROUP = 800;

/** How often a long header scan reports its progress. */
const SCAN_PROGRESS_EVERY = 50;

export interface FundTickerResolution {
  funds: FundTickerRef[];
  /** Tickers the fund file does not know: for company_tickers.json. */
  others: string[];
  /** The downloaded fund ticker file, to ingest (fund_classes with tickers), when some ticker was a fund. */
  file: string | null;
}

/** Looks the tickers up in company_tickers_mf.json; an EDGAR without that file leaves every ticker to the stock list. */
export async function resolveFundTickers(src: EdgarSource, tickers: readonly string[]): Promise<FundTickerResolution> {
  const url = fundTickersUrl(src.bases);
  const res = await src.client.get(url);
  if (!res.found) return { funds: [], others: [...tickers], file: null };
  const { funds, others } = splitFundTickers(fundTickerTable(parseJson(url, res.body), url), tickers);
  return { funds, others, file: funds.length > 0 ? src.cache.write(url, res.body) : null };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** filings.recent with each filing's report date (the period an N-PORT or N-CSR covers). */
function recentFilings(doc: unknown, where: string): FundFiling[] {
  readSubmissionsIndex(doc, where);
  const recent = isRecord(doc) && isRecord(doc.filings) && isRecord(doc.filings.recent) ? doc.filings.recent : {};
  const reportDates = Array.isArray(recent.reportDate) ? recent.reportDate : [];
  return filingsOfColumns(recent, where).map((f, i) => ({ ...f, reportDate: typeof reportDates[i] === 'string' ? reportDates[i] : '' }));
}

/** Candidates of one form family, the one to use first: latest period, then latest filing (an amendment after its original). */
export function fundCandidates(filings: readonly FundFiling[], group: (typeof FUND_FORM_GROUPS)[number]): FundFiling[] {
  const forms = new Set(group.forms);
  return filings
    .filter((f) => forms.has(f.form.toUpperCase()) && (!group.xbrl || f.isXbrl || f.isInlineXbrl))
    .sort((a, b) =>
      (group.byReportDate ? b.reportDate.localeCompare(a.reportDate) : 0) || b.filingDate.localeCompare(a.filingDate) || b.accession.localeCompare(a.accession));
}

/**
 * Whether a filing's SGML header is about this series: it lists the series id, or lists no series at all (a
 * registrant with one fund, whose filings EDGAR need not split by series).
 */
export function headerCoversSeries(header: string, seriesId: string | null): boolean {
  if (seriesId === null) return true;
  const listed = [...header.matchAll(/<SERIES-ID>\s*(S\d{9})/g)].map((m) => m[1]);
  return listed.length === 0 || listed.includes(seriesId);
}

/** The header of a filing: its .hdr.sgml, else the head of its full submission (then kept: it is the document). */
async function readHeader(src: EdgarSource, cik: number, filing: FilingRef, emit: (e: FundFetchEvent) => void): Promise<{ header: string; submission: string | null } | null> {
  const hdrUrl = submissionHeaderUrl(src.bases, cik, filing.accession);
  const txtUrl = submissionTextUrl(src.bases, cik, filing.accession);
  for (const url of [hdrUrl, txtUrl]) {
    if (src.cache.has(url)) {
      emit({ kind: 'cached', url });
      return { header: headOf(fs.readFileSync(src.cache.pathOf(url))), submission: url === txtUrl ? src.cache.pathOf(url) : null };
    }
  }
  const hdr = await src.client.get(hdrUrl);
  if (hdr.found) {
    emit({ kind: 'fetched', url: hdrUrl, bytes: hdr.body.length });
    src.cache.write(hdrUrl, hdr.body);
    return { header: headOf(hdr.body), submission: null };
  }
  const txt = await src.client.get(txtUrl);
  if (!txt.found) {
    emit({ kind: 'missing', url: txtUrl, reason: 'not found' });
    return null;
  }
  const head = headOf(txt.body);
  if (!/<(?:SEC-HEADER|SUBMISSION)>/.test(head)) throw new UnexpectedBodyError(txtUrl, 'an SGML full submission', txt.body);
  emit({ kind: 'fetched', url: txtUrl, bytes: txt.body.length });
  return { header: head, submission: src.cache.write(txtUrl, txt.body) };
}

/** The SGML header part of a header file or full submission. */
function headOf(body: Buffer): string {
  const text = body.subarray(0, 1 << 20).toString('latin1');
  const end = text.search(/<\/SEC-HEADER>|<DOCUMENT>/);
  return end < 0 ? text : text.slice(0, end);
}

async function fetchRegistrant(src: EdgarSource, cik: number, funds: readonly FundTickerRef[], emit: (e: FundFetchEvent) => void, result: FetchResult): Promise<string[]> {
  const url = submissionsUrl(src.bases, cik);
  const res = await src.client.get(url);
  if (!res.found) throw new Error(`${url}: not found (404): the fund ticker file names CIK ${String(cik)}, but EDGAR has no submissions for it`);
  emit({ kind: 'fetched', url, bytes: res.body.length });
  const filings = recentFilings(parseJson(url, res.body), url);
  const files = [src.cache.write(url, res.body)];
  // one pick per (series, family): two classes of one series share their filings
  const picked = new Map<string, string>();
  for (const fund of funds) {
    for (const group of FUND_FORM_GROUPS) {
      const key = `${fund.seriesId ?? ''}|${group.label}`;
      if (picked.has(key)) continue;
      const candidates = fundCandidates(filings, group).slice(0, MAX_HEADERS_PER_GROUP);
      let checked = 0;
      let chosen: { filing: FundFiling; submission: string | null } | null = null;
      for (const filing of candidates) {
        checked++;
        if (checked % SCAN_PROGRESS_EVERY === 0) emit({ kind: 'fund-scanning', fund, label: group.label, checked, of: candidates.length });
        const head = await readHeader(src, cik, filing, emit);
        if (head !== null && headerCoversSeries(head.header, fund.seriesId)) {
          chosen = { filing, submission: head.submission };
          break;
        }
      }
      if (chosen === null) {
        emit({ kind: 'fund-none', fund, label: group.label, checked });
        picked.set(key, '');
        continue;
      }
      emit({ kind: 'fund-picked', fund, label: group.label, filing: chosen.filing, checked });
      const file = chosen.submission ?? (await fetchSubmission(src, cik, chosen.filing, emit));
      if (typeof file === 'string') {
        files.push(file);
        picked.set(key, file);
      } else {
        result.missing.push(file);
        picked.set(key, '');
      }
    }
  }
  return files;
}

/** Fetches each fund's registrant submissions and its series' latest fund documents; one registrant at a time. */
export async function fetchFunds(src: EdgarSource, funds: readonly FundTickerRef[], onEvent: (e: FundFetchEvent) => void = () => {}): Promise<FetchResult> {
  const result: FetchResult = { files: [], missing: [] };
  const byCik = new Map<number, FundTickerRef[]>();
  for (const fund of funds) {
    onEvent({ kind: 'fund-resolved', fund });
    byCik.set(fund.cik, [...(byCik.get(fund.cik) ?? []), fund]);
  }
  for (const [cik, ofCik] of byCik) result.files.push(...(await fetchRegistrant(src, cik, ofCik, onEvent, result)));
  result.files = [...new Set(result.files)];
  return result;
}
