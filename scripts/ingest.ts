// Command line for ingest: local files, folders and zips, and companies fetched online from SEC EDGAR.
//   npm run ingest -- path/to/file-or-folder-or.zip [...]
//   npm run ingest -- --tickers AAPL,MSFT [--since 2021-01-01] [--forms 10-K,10-Q]
//   npm run ingest -- --ciks 320193
//   npm run ingest -- --refresh-periods
// first: a writer's jemalloc options, read when DuckDB loads (engine/db/writerMalloc.ts)
import '../engine/db/writerProcess.ts';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../engine/config.ts';
import { Engine } from '../engine/db/Engine.ts';
import { ingestPaths, IngestFailed, type IngestReport } from '../engine/ingest/ingest.ts';
import { refreshPeriods, refreshPeriodsLocked, RETRY_HINT, type RefreshOutcome } from '../engine/financials/refreshPeriods.ts';
import { inputBytes } from '../engine/ingest/readInputs.ts';
import { createProgress, formatBytes } from '../engine/ingest/progress.ts';
import { EdgarClient, MissingUserAgentError } from '../engine/edgar/EdgarClient.ts';
import { DownloadCache } from '../engine/edgar/DownloadCache.ts';
import { fetchCompanies, fetchTickerCiks, type FetchEvent, type FetchResult } from '../engine/edgar/fetchCompanies.ts';
import { DEFAULT_FORMS, DEFAULT_LOOKBACK_YEARS, defaultSince } from '../engine/edgar/planDocuments.ts';
import { splitRecognised } from '../engine/edgar/splitRecognised.ts';
import { fetchFxRates } from '../engine/edgar/fetchFxRates.ts';
import { fetchFunds, resolveFundTickers, type FundFetchEvent } from '../engine/edgar/fetchFunds.ts';

const USAGE = `usage: npm run ingest -- [options] [path ...]

Ingests local files, folders and .zip/.gz archives, and/or companies fetched from SEC EDGAR.

  --tickers AAPL,MSFT   fetch these companies (resolved with EDGAR's company_tickers.json); a fund ticker
                        (in company_tickers_mf.json) fetches its series' latest N-PORT, N-CSR/N-CSRS
                        and 485BPOS/497 fee table
  --ciks 320193,789019  fetch these companies by CIK
  --since YYYY-MM-DD    fetch XBRL instances of filings filed on or after this date
                        (default: ${String(DEFAULT_LOOKBACK_YEARS)} years ago; companyfacts covers earlier years)
  --forms 10-K,10-Q     forms whose XBRL instance is fetched, or "none"
                        (default: ${DEFAULT_FORMS.join(',')})
  --documents 10-K,10-Q also fetch the full submission of the latest filing of these forms:
                        its documents' text and sections go to the document store (default: none)
  --warehouse DIR       warehouse folder (default: FILINGS_WAREHOUSE or ./parquet)
  --batch-mb N          commit a batch every N MB of parsed input (default 256)
  --fx                  fetch the ECB and Fed H.10 exchange rates (FX_ECB_URL, FX_FRED_URL)
  --refresh-periods     rebuild the stored period results of every company (also done
                        by any ingest that finds them stale), with or without inputs
  --no-render           skip rendering the answers served without DuckDB after the periods refresh
                        (as-reported, statements, company details; also FILINGS_RENDER=0): the API
                        then answers every request on the fly
  -h, --help

Online ingest requires SEC_USER_AGENT="Your Name you@example.com" (the SEC's fair-access policy).
EDGAR_BASE_URL, EDGAR_DATA_BASE_URL and EDGAR_MAX_RPS (<= 10) configure the client.`;

class UsageError extends Error {}

interface Args {
  paths: string[];
  tickers: string[];
  ciks: number[];
  since: string;
  forms: string[];
  documents: string[];
  warehouse: string | null;
  batchBytes: number | undefined;
  fx: boolean;
  refreshPeriods: boolean;
  /** Render the rendered-answer store after the periods refresh (production serving reads it). */
  render: boolean;
}

function list(v: string | undefined): string[] {
  return (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

function parseCliArgs(argv: string[]): Args | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        tickers: { type: 'string' },
        ciks: { type: 'string' },
        since: { type: 'string' },
        forms: { type: 'string' },
        documents: { type: 'string' },
        warehouse: { type: 'string' },
        'batch-mb': { type: 'string' },
        fx: { type: 'boolean' },
        'refresh-periods': { type: 'boolean' },
        'no-render': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const v = parsed.values;
  if (v.help) return 'help';
  const ciks = list(v.ciks).map((c) => {
    if (!/^\d{1,10}$/.test(c) || Number(c) === 0) throw new UsageError(`--ciks: "${c}" is not a CIK (1 to 10 digits)`);
    return Number(c);
  });
  const since = v.since ?? defaultSince();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(since) || Number.isNaN(Date.parse(since))) throw new UsageError(`--since: expected YYYY-MM-DD, got "${since}"`);
  const forms = v.forms === undefined ? [...DEFAULT_FORMS] : v.forms.trim().toLowerCase() === 'none' ? [] : list(v.forms).map((f) => f.toUpperCase());
  let batchBytes: number | undefined;
  if (v['batch-mb'] !== undefined) {
    const mb = Number(v['batch-mb']);
    if (!(mb > 0)) throw new UsageError(`--batch-mb: expected a positive number, got "${v['batch-mb']}"`);
    batchBytes = Math.round(mb * 1024 * 1024);
  }
  const args: Args = {
    paths: parsed.positionals, tickers: list(v.tickers), ciks, since, forms, documents: list(v.documents).map((f) => f.toUpperCase()), warehouse: v.warehouse ?? null, batchBytes,
    fx: v.fx ?? false, refreshPeriods: v['refresh-periods'] === true,
    render: v['no-render'] !== true && process.env['FILINGS_RENDER'] !== '0',
  };
  if (args.paths.length === 0 && args.tickers.length === 0 && args.ciks.length === 0 && !args.fx && !args.refreshPeriods) {
    throw new UsageError('nothing to ingest: give paths, --tickers, --ciks or --fx (or --refresh-periods alone)');
  }
  for (const p of args.paths) if (!fs.existsSync(p)) throw new UsageError(`${p}: no such file or folder`);
  return args;
}

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

interface EdgarTally {
  fetched: number;
  bytes: number;
  cached: number;
}

function edgarLogger(tally: EdgarTally): (e: FetchEvent) => void {
  return (e) => {
    if (e.kind === 'fetched') {
      tally.fetched++;
      tally.bytes += e.bytes;
    } else if (e.kind === 'cached') tally.cached++;
    else if (e.kind === 'planned') log(`edgar: ${e.name ?? 'CIK'} (CIK ${String(e.cik)}): ${String(e.documents)} filing document${e.documents === 1 ? '' : 's'} to fetch`);
    else log(`edgar: not found: ${e.url}`);
  };
}

function fundLogger(tally: EdgarTally): (e: FundFetchEvent) => void {
  const plain = edgarLogger(tally);
  return (e) => {
    if (e.kind === 'fund-resolved') log(`edgar: ${e.fund.ticker} -> fund: CIK ${String(e.fund.cik)}, series ${e.fund.seriesId ?? '?'}, class ${e.fund.classId ?? '?'}`);
    else if (e.kind === 'fund-picked') log(`edgar: ${e.fund.ticker}: ${e.label} ${e.filing.form} ${e.filing.accession} (period ${e.filing.reportDate || '?'}, filed ${e.filing.filingDate}; ${String(e.checked)} header${e.checked === 1 ? '' : 's'} read)`);
    else if (e.kind === 'fund-scanning') log(`edgar: ${e.fund.ticker}: ${e.label}: ${String(e.checked)} of ${String(e.of)} filing headers read, looking for series ${e.fund.seriesId ?? '?'}`);
    else if (e.kind === 'fund-none') log(`edgar: ${e.fund.ticker}: no ${e.label} for series ${e.fund.seriesId ?? '?'} among ${String(e.checked)} recent filing${e.checked === 1 ? '' : 's'}`);
    else plain(e);
  };
}

async function download(config: Config, args: Args, tally: EdgarTally): Promise<FetchResult> {
  const client = EdgarClient.fromConfig(config);
  const src = { client, cache: DownloadCache.forWarehouse(config.warehouseDir, config), bases: config };
  const ciks = [...args.ciks];
  // fund tickers first: an ETF can be in company_tickers.json too, but its documents are the fund forms
  const funds = args.tickers.length > 0 ? await resolveFundTickers(src, args.tickers) : { funds: [], others: [], file: null };
  if (funds.others.length > 0) {
    const resolved = await fetchTickerCiks(src, funds.others);
    for (const [ticker, cik] of resolved) log(`edgar: ${ticker} -> CIK ${String(cik)}`);
    ciks.push(...resolved.values());
  }
  const result = await fetchCompanies(src, ciks, { forms: args.forms, since: args.since, documentForms: args.documents, onEvent: edgarLogger(tally) });
  if (funds.funds.length > 0) {
    const fetched = await fetchFunds(src, funds.funds, fundLogger(tally));
    result.files.push(...(funds.file === null ? [] : [funds.file]), ...fetched.files);
    result.missing.push(...fetched.missing);
  }
  log(`edgar: ${String(tally.fetched)} downloaded (${formatBytes(tally.bytes)}), ${String(tally.cached)} reused from ${src.cache.root}, ${String(client.requests)} requests`);
  return result;
}

function summary(report: IngestReport, seconds: number, unrecognised: string[], fetch: FetchResult | null): string {
  const committed = report.manifests.filter((m) => m.files.length > 0).length;
  const lines = [`ingest: ${String(committed)} batch${committed === 1 ? '' : 'es'} committed in ${seconds.toFixed(1)} s`];
  const added = Object.entries(report.rows).filter(([, n]) => n > 0);
  if (added.length === 0) lines.push('  no new rows (everything was in the warehouse already)');
  for (const [dataset, n] of added) lines.push(`  ${dataset.padEnd(22)} +${String(n)}`);
  lines.push(`  parsed ${String(report.parsed.length)} file${report.parsed.length === 1 ? '' : 's'}, skipped ${String(report.skipped.length + unrecognised.length)}`);
  for (const s of report.skipped) lines.push(`    skipped ${s.name}: ${s.reason}`);
  for (const u of unrecognised) lines.push(`    skipped ${u}: downloaded, but no parser recognises this format yet`);
  if (fetch && fetch.missing.length > 0) {
    lines.push(`  not found on EDGAR: ${String(fetch.missing.length)}`);
    for (const m of fetch.missing.slice(0, 5)) lines.push(`    ${m.url}: ${m.reason}`);
    if (fetch.missing.length > 5) lines.push(`    ... and ${String(fetch.missing.length - 5)} more (listed on stderr above)`);
  }
  return lines.join('\n');
}

async function main(argv: string[]): Promise<number> {
  const started = performance.now();
  const args = parseCliArgs(argv);
  if (args === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const config = loadConfig(args.warehouse === null ? process.env : { ...process.env, FILINGS_WAREHOUSE: args.warehouse });
  const online = args.tickers.length > 0 || args.ciks.length > 0;
  // refuse before touching the network or the warehouse
  if (online && config.secUserAgent === null) throw new MissingUserAgentError();

  let fetched: FetchResult | null = null;
  let unrecognised: string[] = [];
  const paths = [...args.paths];
  if (online) {
    fs.mkdirSync(config.warehouseDir, { recursive: true });
    fetched = await download(config, args, { fetched: 0, bytes: 0, cached: 0 });
    const split = splitRecognised(fetched.files);
    unrecognised = split.unrecognised;
    paths.unshift(...split.recognised);
  }

  if (args.fx) {
    const fx = await fetchFxRates(config);
    if (fx.offline) log(`fx: offline, keeping the stored rates (${fx.offline})`);
    paths.push(...fx.files);
  }

  const engine = await Engine.open({ warehouseDir: config.warehouseDir, mode: 'write', threads: config.threads, memoryLimit: config.memoryLimit });
  const refreshOptions = { render: args.render, concurrency: config.refreshConcurrency ?? undefined };
  try {
    if (paths.length === 0) {
      // --refresh-periods alone
      const outcome = await refreshPeriods(engine, true, refreshOptions);
      reportRefresh(outcome, false);
      return outcome?.ok === false ? 1 : 0;
    }
    const progress = createProgress({ label: 'ingest', totalBytes: inputBytes(paths) });
    let stopped = false;
    const stopProgress = () => {
      if (!stopped) progress.stop();
      stopped = true;
    };
    let units = 0;
    let report: IngestReport;
    // widened by assertion: the commit callback below may set it, which flow analysis cannot see
    let refreshed = null as RefreshOutcome | null;
    try {
      report = await ingestPaths(engine, paths, {
        onUnit: (name, diskBytes) => { progress.update(++units, diskBytes, name); },
        ...(args.batchBytes === undefined ? {} : { batchBytes: args.batchBytes }),
        afterCommit: async (e) => {
          // the files are read and committed: close the bar before the next phase prints
          stopProgress();
          log(`periods: refreshing the materialized period results of the companies this ingest touched${args.render ? ', then the rendered answers' : ''}...`);
          refreshed = await refreshPeriodsLocked(e, args.refreshPeriods, refreshOptions);
        },
      });
    } finally {
      stopProgress();
    }
    process.stdout.write(`${summary(report, (performance.now() - started) / 1000, unrecognised, fetched)}\n`);
    if (refreshed === null) {
      // nothing was added, but a refresh killed or failed earlier may have left the stored periods stale
      refreshed = await refreshPeriods(engine, args.refreshPeriods, refreshOptions);
      if (refreshed !== null) log('periods: the stored periods did not reflect every committed ingest (a refresh was interrupted or failed): rebuilt');
    }
    // the batch is committed whatever the refresh did: exit 0, and say what state the periods are in
    reportRefresh(refreshed, report.manifests.some((m) => m.files.length > 0));
    return 0;
  } finally {
    engine.close();
  }
}

function reportRefresh(outcome: RefreshOutcome | null, committed: boolean): void {
  if (outcome === null) return;
  if (outcome.ok) {
    log(`periods: ${String(outcome.report.buckets)} bucket(s) recomputed in ${(outcome.report.ms / 1000).toFixed(1)} s`);
    const { rendered } = outcome;
    if (rendered === null) return;
    log(rendered instanceof Error
      ? `rendered answers: the refresh failed (${rendered.message}); the API answers on the fly until ${RETRY_HINT}`
      : `rendered answers: ${String(rendered.rendered)} compan${rendered.rendered === 1 ? 'y' : 'ies'} rendered, ${String(rendered.copied)} kept, ${String(rendered.keys)} answers, in ${(rendered.ms / 1000).toFixed(1)} s`);
    return;
  }
  log(
    (committed ? 'ingest: the batch is committed and its rows are in the warehouse, but ' : 'ingest: ') +
    `the periods refresh failed: ${outcome.error.message}\n` +
    `  the stored periods are marked stale: the API computes periods on the fly (slower) until ${RETRY_HINT}`,
  );
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof UsageError) {
      log(`ingest: ${err.message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else if (err instanceof MissingUserAgentError || err instanceof ConfigError) {
      log(`ingest: ${err.message}`);
      process.exitCode = 2;
    } else if (err instanceof IngestFailed) {
      log(err.message);
      process.exitCode = 1;
    } else if (err instanceof Error) {
      // IngestError, EdgarRequestError, UnknownTickerError...: their messages name the file or URL
      log(`ingest: ${err.message}`);
      process.exitCode = 1;
    } else {
      log(`ingest: ${String(err)}`);
      process.exitCode = 1;
    }
  },
);
