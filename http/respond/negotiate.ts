// Content negotiation: JSON by default, Arrow IPC stream or CSV on request (same rows, beyond the spec).
import type Koa from 'koa';
import { HttpError } from '../HttpError.ts';

import type { Format } from '../../engine/query/index.ts';

export type { Format };

export const MEDIA: Record<Format, string> = {
  json: 'application/json',
  arrow: 'application/vnd.apache.arrow.stream',
  csv: 'text/csv',
};

export function negotiate(ctx: Koa.Context): Format {
  const picked = ctx.accepts(MEDIA.json, MEDIA.arrow, MEDIA.csv);
  if (picked === MEDIA.arrow) return 'arrow';
  if (picked === MEDIA.csv) return 'csv';
  if (picked === MEDIA.json) return 'json';
  throw new HttpError(406, `Cannot produce ${JSON.stringify(ctx.get('Accept'))}: this endpoint serves ${Object.values(MEDIA).join(', ')}`);
}
