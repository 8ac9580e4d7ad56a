// What the HTTP-level benches share: a warehouse ingested from Apple's real SEC fixtures, tiers that never throttle a
// bench (the limiter still runs on every request), and a forked bench server's IPC messages as promises.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '../engine/db/Engine.ts';
import { ingestPaths } from '../engine/ingest/ingest.ts';
import { materializePeriods } from '../engine/financials/materializePeriods.ts';
import { DEFAULT_TIERS, type TierConfig } from '../http/tiers.ts';

const FIXTURES = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../shared/fixtures/edgar');

/** Apple's submissions and companyfacts and the exchange ticker list. */
export const APPLE_INPUTS = ['submissions/CIK0000320193.json.gz', 'companyfacts/CIK0000320193.json.gz', 'reference/company_tickers_exchange.json.gz']
  .map((p) => path.join(FIXTURES, p));

/** A fresh warehouse in the temp folder holding APPLE_INPUTS (periods materialized when asked); returns its folder. */
export async function appleWarehouse(prefix: string, o: { materialize?: boolean } = {}): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const writer = await Engine.open({ warehouseDir: dir, mode: 'write', threads: 1 });
  await ingestPaths(writer, APPLE_INPUTS);
  if (o.materialize) await materializePeriods(writer);
  writer.close();
  return dir;
}

/** The default tiers with Pro limits too high to throttle a bench. */
export function unthrottledTiers(): TierConfig {
  return { ...DEFAULT_TIERS, plans: { ...DEFAULT_TIERS.plans, Pro: { ...DEFAULT_TIERS.plans.Pro, perMinute: 1e9, perDay: 1e9 } } };
}

/** The forked server's next IPC message; rejects if it exits first. */
export function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    child.once('message', (m) => { resolve(m as T); });
    child.once('exit', (code) => { reject(new Error(`bench server exited with ${String(code)}`)); });
  });
}
