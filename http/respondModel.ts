// Answers a company-model route from the job lifecycle (spec: "Economic model availability"): 200 with the stored
// model part (stable: its ETag hashes the stored model, so 304 on revalidation), 202 {status, jobId, message} while the
// company's job is queued or running, 503 + Retry-After when its last job failed every attempt, 400 when the company
// has no annual report to build from. A model whose company has filed a newer annual report answers 200 with
// `X-Model-Refreshing: <jobId>` while that job rebuilds it.
import type Koa from 'koa';
import type { ModelJobs } from '../engine/models/index.ts';
import { badRequest, HttpError } from './HttpError.ts';

/** Seconds a client should wait before polling again: models take seconds to build here. */
export const POLL_SECONDS = 5;

export async function respondModel(ctx: Koa.Context, part: 'economicModel' | 'businessModel', models: ModelJobs, cik: number, cacheControl: string): Promise<void> {
  const answer = await models.request(cik);
  if (answer.state === 'generating') {
    ctx.status = 202;
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Retry-After', String(POLL_SECONDS));
    ctx.body = {
      status: 'generating', jobId: answer.jobId,
      message: `The model for cik ${String(cik)} is being generated; repeat this request (every ${String(POLL_SECONDS)}-30 s) until it answers 200`,
    };
    return;
  }
  if (answer.state === 'failed') {
    if (answer.permanent) throw badRequest(answer.error);
    throw new HttpError(503, `Model generation for cik ${String(cik)} failed (job ${answer.jobId}): ${answer.error}. A new attempt starts with the first request after ${String(answer.retryAfterSeconds)} s`, { 'Retry-After': String(answer.retryAfterSeconds) });
  }
  const etag = `W/${answer.etag.slice(0, -1)}-${part === 'economicModel' ? 'e' : 'b'}"`;
  // a newer annual report was ingested: this model still answers while its refresh job runs, and may not be cached
  // past it (revalidation then sees the new ETag)
  if (answer.refreshJobId) ctx.set('X-Model-Refreshing', answer.refreshJobId);
  ctx.set('Cache-Control', answer.refreshJobId ? 'no-cache' : cacheControl);
  ctx.set('ETag', etag);
  const header = ctx.get('If-None-Match');
  if (header && header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''))) {
    ctx.status = 304;
    return;
  }
  const { model } = answer;
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = JSON.stringify({ cik, ...(model[part] as object), filing: model.filing, generatedAt: model.generatedAt, provider: model.provider });
}
