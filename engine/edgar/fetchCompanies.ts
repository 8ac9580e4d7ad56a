// Downloads what the warehouse needs about each company from EDGAR into the download cache: submissions (and its
// older pages), companyfacts, the XBRL instance of each recent periodic report and, on request, the full submission
// of the latest filing of some forms (its documents' text for the document store). Returns the local files to ingest.
import { defined } from '../query/defined.ts';
import type { EdgarClient } from './EdgarClient.ts';
import type { DownloadCache } from './DownloadCache.ts';
import {
  archiveUrl, companyFactsUrl, extractedInstanceName, filingFolderUrl, submissionTextUrl, submissionsPageUrl, submissionsUrl, tickersUrl,
  type EdgarBases,
} from './edgarUrls.ts';
import { filingsOfColumns, readSubmissionsIndex, type FilingRef } from './filingList.ts';
import { latestOfForms, planDocuments, type DocumentPlan } from './planDocuments.ts';
import { pickInstance } from './pickInstance.ts';
import { resolveTickers, tickerTable } from './resolveTickers.ts';
import { mapPool } from './mapPool.ts';

export type FetchEvent =
  | { kind: 'planned'; cik: number; name: string | null; documents: number }
  | { kind: 'fetched'; url: string; bytes: number }
  | { kind: 'cached'; url: string }
  | { kind: 'missing'; url: string; reason: string };

export interface FetchOptions extends DocumentPlan {
  /** Forms (e.g. 10-K, 10-Q) whose latest filing's full submission is fetched for its documents' text; default none. */
  documentForms?: readonly string[];
  /** Companies downloaded at once; the client's rate limit still caps requests per second. */
  concurrency?: number;
  onEvent?: (event: FetchEvent) => void;
}

export interface FetchResult {
  /** Local files to ingest, per company: submissions, its pages, companyfacts, then filing instances. */
  files: string[];
  missing: { url: string; reason: string }[];
}

export interface EdgarSource {
  client: EdgarClient;
  cache: DownloadCache;
  bases: EdgarBases;
}

/** A body that is not what the URL promises (an HTML error page served with 200, a truncated transfer). */
export class UnexpectedBodyError extends Error {
  constructor(readonly url: string, expected: string, body: Buffer) {
    const head = body.subarray(0, 80).toString('utf8').replace(/\s+/g, ' ');
    super(`${url}: expected ${expected}, got ${String(body.length)} bytes starting "${head}"`);
    this.name = 'UnexpectedBodyError';
  }
}

export function parseJson(url: string, body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new UnexpectedBodyError(url, 'JSON', body);
  }
}

function firstChar(body: Buffer): string {
  const text = body.subarray(0, 512).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return text.charAt(0);
}

export async function fetchTickerCiks(src: EdgarSource, tickers: readonly string[]): Promise<Map<string, number>> {
  const url = tickersUrl(src.bases);
  const res = await src.client.get(url);
  if (!res.found) throw new Error(`${url}: not found (404); cannot resolve tickers, pass --ciks instead`);
  src.cache.write(url, res.body);
  return resolveTickers(tickerTable(parseJson(url, res.body), url), tickers);
}

async function fetchCompany(src: EdgarSource, cik: number, options: FetchOptions, result: FetchResult): Promise<string[]> {
  const emit = options.onEvent ?? (() => {});
  const files: string[] = [];
  const subsUrl = submissionsUrl(src.bases, cik);
  const subs = await src.client.get(subsUrl);
  if (!subs.found) throw new Error(`${subsUrl}: not found (404): is ${String(cik)} an EDGAR CIK?`);
  emit({ kind: 'fetched', url: subsUrl, bytes: subs.body.length });
  const index = readSubmissionsIndex(parseJson(subsUrl, subs.body), subsUrl);
  files.push(src.cache.write(subsUrl, subs.body));

  const filings: FilingRef[] = [...index.filings];
  const pageUrls = index.pages.map((name) => submissionsPageUrl(src.bases, name));
  const factsUrl = companyFactsUrl(src.bases, cik);
  const [facts, ...pages] = await Promise.all([src.client.get(factsUrl), ...pageUrls.map((u) => src.client.get(u))]);
  pages.forEach((page, i) => {
    const url = defined(pageUrls[i], 'pageUrls[i]');
    if (!page.found) {
      result.missing.push({ url, reason: 'older submissions page not found' });
      emit({ kind: 'missing', url, reason: 'not found' });
      return;
    }
    emit({ kind: 'fetched', url, bytes: page.body.length });
    filings.push(...filingsOfColumns(parseJson(url, page.body), url));
    files.push(src.cache.write(url, page.body));
  });
  if (facts.found) {
    if (firstChar(facts.body) !== '{') throw new UnexpectedBodyError(factsUrl, 'companyfacts JSON', facts.body);
    emit({ kind: 'fetched', url: factsUrl, bytes: facts.body.length });
    files.push(src.cache.write(factsUrl, facts.body));
  } else {
    // filers without XBRL financial data (individuals, many funds) have no companyfacts
    result.missing.push({ url: factsUrl, reason: 'no companyfacts (company has no XBRL financial data)' });
    emit({ kind: 'missing', url: factsUrl, reason: 'not found' });
  }

  const documents = planDocuments(filings, options);
  emit({ kind: 'planned', cik, name: index.name, documents: documents.length });
  const instances = await mapPool(documents, 4, (filing) => fetchInstance(src, cik, filing, emit));
  for (const file of instances) {
    if (typeof file === 'string') files.push(file);
    else result.missing.push(file);
  }
  for (const filing of latestOfForms(filings, options.documentForms ?? [])) {
    const file = await fetchSubmission(src, cik, filing, emit);
    if (typeof file === 'string') files.push(file);
    else result.missing.push(file);
  }
  return files;
}

/** The filing's full submission (.txt): the SGML header and every document, read by the ingest's sgml parser. */
export async function fetchSubmission(src: EdgarSource, cik: number, filing: FilingRef, emit: (e: FetchEvent) => void): Promise<string | { url: string; reason: string }> {
  const url = submissionTextUrl(src.bases, cik, filing.accession);
  if (src.cache.has(url)) {
    emit({ kind: 'cached', url });
    return src.cache.pathOf(url);
  }
  const res = await src.client.get(url);
  if (!res.found) {
    emit({ kind: 'missing', url, reason: 'not found' });
    return { url, reason: `${filing.form} ${filing.accession}: full submission not found` };
  }
  if (firstChar(res.body) !== '<' && !res.body.subarray(0, 64).toString('latin1').startsWith('-----BEGIN')) {
    throw new UnexpectedBodyError(url, 'an SGML full submission', res.body);
  }
  emit({ kind: 'fetched', url, bytes: res.body.length });
  return src.cache.write(url, res.body);
}

/** The filing's instance: the extracted one for inline filings, else whatever the folder index names. */
async function fetchInstance(src: EdgarSource, cik: number, filing: FilingRef, emit: (e: FetchEvent) => void): Promise<string | { url: string; reason: string }> {
  const guess = filing.isInlineXbrl ? extractedInstanceName(filing.primaryDocument) : null;
  let url = guess === null ? null : archiveUrl(src.bases, cik, filing.accession, guess);
  if (url !== null && src.cache.has(url)) {
    // archive documents never change once accepted
    emit({ kind: 'cached', url });
    return src.cache.pathOf(url);
  }
  let res = url === null ? null : await src.client.get(url);
  if (res === null || !res.found) {
    const indexUrl = `${filingFolderUrl(src.bases, cik, filing.accession)}/index.json`;
    const listing = await src.client.get(indexUrl);
    const name = listing.found ? pickInstance(parseJson(indexUrl, listing.body)) : null;
    if (name === null) {
      const reason = `${filing.form} ${filing.accession}: no XBRL instance found (${listing.found ? 'none listed in' : 'no'} ${indexUrl})`;
      emit({ kind: 'missing', url: url ?? indexUrl, reason });
      return { url: url ?? indexUrl, reason };
    }
    url = archiveUrl(src.bases, cik, filing.accession, name);
    if (src.cache.has(url)) {
      emit({ kind: 'cached', url });
      return src.cache.pathOf(url);
    }
    res = await src.client.get(url);
    if (!res.found) {
      emit({ kind: 'missing', url, reason: 'not found' });
      return { url, reason: `${filing.form} ${filing.accession}: instance listed but not found` };
    }
  }
  if (firstChar(res.body) !== '<') throw new UnexpectedBodyError(defined(url, 'url'), 'an XBRL instance (XML)', res.body);
  emit({ kind: 'fetched', url: defined(url, 'url'), bytes: res.body.length });
  return src.cache.write(defined(url, 'url'), res.body);
}

export async function fetchCompanies(src: EdgarSource, ciks: readonly number[], options: FetchOptions): Promise<FetchResult> {
  const result: FetchResult = { files: [], missing: [] };
  const perCompany = await mapPool([...new Set(ciks)], options.concurrency ?? 2, (cik) => fetchCompany(src, cik, options, result));
  result.files = perCompany.flat();
  return result;
}
