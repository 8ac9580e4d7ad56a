// Entity identification: the one identifier given becomes a cik (and the matched security) via the resolve_entity
// macro, or null when it names nothing. A CIK's resolution is read from the rendered store when it holds it.
import type { BorrowOptions, Engine } from '../db/Engine.ts';
import { rowsSql } from './macroSql.ts';
import type { ResolvedFund } from './resolveFund.ts';
import { renderedResolution } from './renderedAnswer.ts';

export const ENTITY_IDENTIFIERS = ['symbol', 'cik', 'cusip', 'composite_figi', 'share_class_figi'] as const;
export type EntityIdentifier = (typeof ENTITY_IDENTIFIERS)[number];

/** The security or company an entity identifier resolved to (resolve_entity's row). */
export interface ResolvedEntity {
  /** NULL for a security known only by its CUSIP (a 13F or 13D/G security no filing links to an issuer). */
  cik: number | null;
  name: string | null;
  ticker: string | null;
  exchange: string | null;
  cusip: string | null;
  composite_figi: string | null;
  share_class_figi: string | null;
  kind: string | null;
  /** Set on fund endpoints (registry `entityKind: 'fund'`): the series and class the fund identifier named. */
  fund?: ResolvedFund;
}

const SQL = rowsSql('resolve_entity', ENTITY_IDENTIFIERS.length, false);

export async function resolveEntity(engine: Engine, given: { name: EntityIdentifier; value: string | number }, options: BorrowOptions = {}): Promise<ResolvedEntity | null> {
  if (given.name === 'cik' && typeof given.value === 'number' && Number.isInteger(given.value)) {
    const rendered = renderedResolution(engine, given.value);
    if (rendered !== undefined) return rendered;
  }
  return liveResolveEntity(engine, given, options);
}

/** resolve_entity run by DuckDB, never read from the rendered store (what the store is rendered from). */
export async function liveResolveEntity(engine: Engine, given: { name: EntityIdentifier; value: string | number }, options: BorrowOptions = {}): Promise<ResolvedEntity | null> {
  const args = ENTITY_IDENTIFIERS.map((name) => (name === given.name ? given.value : null));
  const rows = await engine.query<ResolvedEntity>(SQL, args, options);
  return rows[0] ?? null;
}
