// `npm start [-- --workers N]`: serves /v1 over the configured warehouse. On a fresh clone (empty warehouse) it first
// builds the demo warehouse and prints a demo token and a curl line. SIGTERM/SIGINT: finish in-flight requests, then
// exit. With N > 1 (or FILINGS_WORKERS) a primary forks N worker processes on one port: scripts/serveCluster.ts.
import cluster from 'node:cluster';
import { pino } from 'pino';
import { loadConfig, type Config } from '../engine/config.ts';
import { ensureDemoWarehouse } from '../demo/buildDemoWarehouse.ts';
import { BASE } from '../http/app.ts';
import { loadTierConfig } from '../http/tiers.ts';
import { openServing } from './openServing.ts';
import { demoTokenText, mintDemoToken } from './demoToken.ts';
import { servePrimary, serveWorker } from './serveCluster.ts';

/** `--workers N` overrides FILINGS_WORKERS (checked by loadConfig like the variable). */
function workersArg(argv: readonly string[]): string | undefined {
  const at = argv.indexOf('--workers');
  if (at === -1) return undefined;
  const value = argv[at + 1];
  if (value === undefined) throw new Error('--workers needs a number of processes, e.g. --workers 2');
  return value;
}

async function serveSingle(config: Config): Promise<void> {
  const logger = pino({ level: config.logLevel });
  const tiers = loadTierConfig(config.tiersFile);
  const demo = await ensureDemoWarehouse(config);
  if (demo.built) logger.info({ warehouse: config.warehouseDir, rows: demo.report?.rows }, 'empty warehouse: built the demo warehouse');
  const serving = await openServing(config, logger, tiers);
  const { running, publicUrl, tokens } = serving;
  logger.info({ url: `${running.url}${BASE}`, mcp: `${publicUrl}/mcp`, rateLimits: config.redisUrl ? 'redis' : 'in-process', oauthStore: serving.oauthStore }, 'serving');
  const token = mintDemoToken(tokens, demo.built);
  if (token !== null) process.stdout.write(demoTokenText(config, token, running.url, publicUrl));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    void serving.stop().then(() => {
      logger.info('stopped');
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => { stop('SIGTERM'); });
  process.on('SIGINT', () => { stop('SIGINT'); });
}

async function main(): Promise<void> {
  const workers = workersArg(process.argv.slice(2));
  const config = loadConfig(workers === undefined ? process.env : { ...process.env, FILINGS_WORKERS: workers });
  if (cluster.isWorker) return serveWorker(config);
  if (config.workers > 1) return servePrimary(config);
  return serveSingle(config);
}

main().catch((err: unknown) => {
  process.stderr.write(`serve: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
