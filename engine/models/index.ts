// The company-model service, the one models module http/ imports: the job lifecycle over a models folder inside the
// warehouse, the builder with its provider (offline by default; an OpenAI-compatible endpoint when configured) and the
// verifier.
import path from 'node:path';
import type { Config } from '../config.ts';
import { openAiProvider } from './openAiProvider.ts';
import type { Engine } from '../db/Engine.ts';
import { ModelJobs, type JobLog, type ModelJobsOptions } from './ModelJobs.ts';
import { FileJobLock } from './FileJobLock.ts';
import { RedisJobLock } from './RedisJobLock.ts';
import { buildCompanyModels, type DocumentReader } from './buildCompanyModels.ts';
import { deterministicProvider, type ModelProvider } from './deterministicProvider.ts';
import { storeDocumentReader } from './storeDocumentReader.ts';
import { ModelDb } from './ModelDb.ts';
import { newerAnnualReport } from './newerAnnualReport.ts';

export { ModelJobs, type ModelAnswer, type StoredModel, type JobRecord } from './ModelJobs.ts';
export type { DocumentReader } from './buildCompanyModels.ts';
export { openAiProvider } from './openAiProvider.ts';

/** The provider the configuration names (MODEL_PROVIDER_URL, MODEL_NAME, MODEL_PROVIDER_KEY); the offline one without. */
export function configuredProvider(config: Pick<Config, 'modelProvider'>): { name: string; provide: ModelProvider } {
  const p = config.modelProvider;
  return p ? { name: p.model, provide: openAiProvider(p) } : { name: 'offline-deterministic', provide: deterministicProvider };
}

export interface ModelServiceOptions extends Partial<Omit<ModelJobsOptions, 'dir' | 'build' | 'lock' | 'logger'>> {
  /** Shared leases across API processes (REDIS_URL); lock files in the models folder otherwise. */
  redisUrl?: string | null;
  reader?: DocumentReader;
  provider?: { name: string; provide: ModelProvider };
  logger?: JobLog;
  /** DuckDB connections of the builds, apart from the request pool (default 1). */
  connections?: number;
}

/** The models folder: inside the warehouse, beside _accounts, where a read-only server may still write. */
export function modelsDir(engine: Engine): string {
  return path.join(engine.warehouseDir, '_models');
}

export function openModelJobs(engine: Engine, options: ModelServiceOptions = {}): ModelJobs {
  const { redisUrl, reader, provider, logger, connections, ...jobOptions } = options;
  const dir = modelsDir(engine);
  // builds query on connections of their own: a long build never holds one an API request is waiting for
  const db = new ModelDb(engine, connections ?? 1);
  const read = reader ?? storeDocumentReader(db);
  // with the document store as the source, a model built from an older annual report than the newest stored is stale;
  // a caller's own reader (tests) names documents the store does not hold, so nothing is stale then
  const isStale = reader ? undefined : newerAnnualReport(engine);
  const chosen = provider ?? { name: 'offline-deterministic', provide: deterministicProvider };
  return new ModelJobs({
    ...jobOptions,
    ...(logger ? { logger } : {}),
    dir,
    lock: redisUrl ? new RedisJobLock(redisUrl) : new FileJobLock(path.join(dir, 'locks')),
    onClose: () => db.close(),
    ...(isStale ? { isStale } : {}),
    build: (cik, signal) => buildCompanyModels(cik, { engine: db, reader: read, provider: chosen.provide, providerName: chosen.name, signal }),
  }).start();
}
