// Configuration: parsed once from the environment into a typed, frozen object; nothing else reads process.env.
import path from 'node:path';
import os from 'node:os';

export class ConfigError extends Error {
  constructor(readonly field: string, message: string) {
    super(`configuration ${field}: ${message}`);
    this.name = 'ConfigError';
  }
}

export interface Config {
  /** Root of the Parquet warehouse (FILINGS_WAREHOUSE, default ./parquet). */
  readonly warehouseDir: string;
  /** HTTP port (PORT, default 8080). */
  readonly port: number;
  /** Host to bind (HOST, default 127.0.0.1). */
  readonly host: string;
  /**
   * API processes `npm start` runs (FILINGS_WORKERS or `--workers N`, default 1: one process). With N > 1 a primary
   * forks N workers serving one port; each opens its own DuckDB, so the threads and memory defaults below are divided
   * among them, and limits must be shared: N > 1 needs REDIS_URL (scripts/serve.ts refuses to start without it).
   */
  readonly workers: number;
  /** DuckDB worker threads per process (DUCKDB_THREADS, default: cores / workers, at least 1). */
  readonly threads: number;
  /** DuckDB memory limit per process (DUCKDB_MEMORY_LIMIT, default 4GB / workers). */
  readonly memoryLimit: string;
  /**
   * Buckets the periods refresh after an ingest computes at once (PERIODS_REFRESH_CONCURRENCY; unset, null: one per
   * DuckDB thread when the buckets to compute hold 1M undimensioned facts or more, else one at a time). Above 1 they
   * run on a DuckDB instance of the refresh's own, one thread per bucket; 1 computes them one after the other with the
   * writer's threads. On an idle 2-core box two at once took 0.81x the wall time, 0.86x the CPU and half the peak
   * memory of one at a time (README, "Period pipeline"); on a box whose cores other work holds, 1 can be faster.
   */
  readonly refreshConcurrency: number | null;
  /** User-Agent declared to SEC EDGAR (SEC_USER_AGENT, "Name email@example.com"); required for online ingest. */
  readonly secUserAgent: string | null;
  /** Base URL of www.sec.gov-style archives (EDGAR_BASE_URL). */
  readonly edgarBaseUrl: string;
  /** Base URL of data.sec.gov-style APIs (EDGAR_DATA_BASE_URL). */
  readonly edgarDataBaseUrl: string;
  /** Max EDGAR requests per second (EDGAR_MAX_RPS, default 10, the SEC's fair-access ceiling). */
  readonly edgarMaxRequestsPerSecond: number;
  /** Redis URL for shared rate limits (REDIS_URL); null means in-process. */
  readonly redisUrl: string | null;
  /**
   * How long a rate-limit command may wait for Redis before the request answers 503 and the limiter refuses at once
   * until a PING gets through (REDIS_COMMAND_TIMEOUT_MS, default 50). Longer trades a stalled Redis's latency (only the
   * requests in flight when it stalls wait this long) for fewer false outages on a machine too busy to schedule
   * redis-server within the timeout.
   */
  readonly redisCommandTimeoutMs: number;
  /** Token store file (FILINGS_TOKENS_FILE, default <warehouse>/_accounts/tokens.json). */
  readonly tokensFile: string;
  /** Log level (LOG_LEVEL, default info). */
  readonly logLevel: string;
  /**
   * Reverse proxies in front of the server (FILINGS_TRUST_PROXY, default 0 = none). With N > 0 the client address of
   * anonymous rate limits is the N-th address from the right of X-Forwarded-For, the one the outermost trusted proxy
   * saw; addresses further left are written by the client and never trusted. Leave it 0 when clients connect directly,
   * or anyone could pick their own anonymous bucket.
   */
  readonly trustProxyHops: number;
  /** ECB reference-rate history zip fetched by `ingest --fx` (FX_ECB_URL). */
  readonly fxEcbUrl: string;
  /** FRED CSV download URL with `{series}` for the H.10 series ID (FX_FRED_URL). */
  readonly fxFredUrl: string;
  /**
   * The origin MCP clients reach this server at (FILINGS_PUBLIC_URL, e.g. https://filings.example.com; default: the
   * address it listens on): the OAuth issuer, and `<it>/mcp` the resource every access token is bound to.
   */
  readonly publicUrl: string | null;
  /** Lifetime in seconds of MCP access tokens (FILINGS_MCP_TOKEN_TTL, default 600). */
  readonly mcpAccessTokenTtl: number;
  /** JSON file overriding the tier/plan defaults of http/tiers.ts (FILINGS_TIERS_FILE); null keeps the defaults. */
  readonly tiersFile: string | null;
  /**
   * An OpenAI-compatible chat-completions endpoint for company models (MODEL_PROVIDER_URL, the base URL before
   * /chat/completions, e.g. https://api.openai.com/v1; MODEL_PROVIDER_KEY, sent as a Bearer token; MODEL_NAME, required
   * with the URL). Null (the default): the offline deterministic provider. Its output is verified like any provider's.
   */
  readonly modelProvider: { readonly url: string; readonly key: string | null; readonly model: string } | null;
}

type Env = Readonly<Record<string, string | undefined>>;

function positiveInt(env: Env, field: string, fallback: number, max: number): number {
  const raw = env[field];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(field, `expected a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < 1 || n > max) throw new ConfigError(field, `expected 1..${String(max)}, got ${String(n)}`);
  return n;
}

function url(env: Env, field: string, fallback: string): string {
  const raw = env[field] || fallback;
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('not http(s)');
  } catch {
    throw new ConfigError(field, `expected an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

function modelProvider(env: Env): Config['modelProvider'] {
  if (!env.MODEL_PROVIDER_URL) return null;
  const model = env.MODEL_NAME?.trim();
  if (!model) throw new ConfigError('MODEL_NAME', 'required with MODEL_PROVIDER_URL (the model the endpoint serves)');
  return Object.freeze({ url: url(env, 'MODEL_PROVIDER_URL', ''), key: env.MODEL_PROVIDER_KEY || null, model });
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const warehouseDir = path.resolve(cwd, env.FILINGS_WAREHOUSE || 'parquet');
  const workers = positiveInt(env, 'FILINGS_WORKERS', 1, 64);
  const threads = positiveInt(env, 'DUCKDB_THREADS', Math.max(1, Math.floor(os.availableParallelism() / workers)), 256);
  // each worker opens its own DuckDB: the defaults split one machine's budget instead of granting each the whole
  const memoryLimit = env.DUCKDB_MEMORY_LIMIT || (workers === 1 ? '4GB' : `${String(Math.floor(4096 / workers))}MB`);
  if (!/^\d+(\.\d+)?\s*(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i.test(memoryLimit)) {
    throw new ConfigError('DUCKDB_MEMORY_LIMIT', `expected a size such as 4GB, got "${memoryLimit}"`);
  }
  const ua = env.SEC_USER_AGENT?.trim() || null;
  if (ua !== null && !/\S+@\S+\.\S+/.test(ua)) {
    throw new ConfigError('SEC_USER_AGENT', 'the SEC requires a name and a contact email, e.g. "Acme Research admin@acme.com"');
  }
  const logLevel = env.LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `unknown level "${logLevel}"`);
  }
  return Object.freeze({
    warehouseDir,
    port: env.PORT === '0' ? 0 : positiveInt(env, 'PORT', 8080, 65535),
    host: env.HOST || '127.0.0.1',
    workers,
    threads,
    memoryLimit,
    refreshConcurrency: env.PERIODS_REFRESH_CONCURRENCY ? positiveInt(env, 'PERIODS_REFRESH_CONCURRENCY', 1, 64) : null,
    secUserAgent: ua,
    edgarBaseUrl: url(env, 'EDGAR_BASE_URL', 'https://www.sec.gov'),
    edgarDataBaseUrl: url(env, 'EDGAR_DATA_BASE_URL', 'https://data.sec.gov'),
    edgarMaxRequestsPerSecond: positiveInt(env, 'EDGAR_MAX_RPS', 10, 10),
    redisUrl: env.REDIS_URL || null,
    redisCommandTimeoutMs: positiveInt(env, 'REDIS_COMMAND_TIMEOUT_MS', 50, 10_000),
    tokensFile: path.resolve(cwd, env.FILINGS_TOKENS_FILE || path.join(warehouseDir, '_accounts', 'tokens.json')),
    logLevel,
    trustProxyHops: env.FILINGS_TRUST_PROXY === '0' ? 0 : positiveInt(env, 'FILINGS_TRUST_PROXY', 0, 16),
    fxEcbUrl: url(env, 'FX_ECB_URL', 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip'),
    fxFredUrl: url(env, 'FX_FRED_URL', 'https://fred.stlouisfed.org/graph/fredgraph.csv?id={series}'),
    publicUrl: env.FILINGS_PUBLIC_URL ? url(env, 'FILINGS_PUBLIC_URL', '') : null,
    mcpAccessTokenTtl: positiveInt(env, 'FILINGS_MCP_TOKEN_TTL', 600, 86_400),
    tiersFile: env.FILINGS_TIERS_FILE ? path.resolve(cwd, env.FILINGS_TIERS_FILE) : null,
    modelProvider: modelProvider(env),
  });
}
