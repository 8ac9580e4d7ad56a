// Fund identification: a fund ticker, share class id (C...) or series id (S...) becomes the registrant, series and class
// through the fund_resolve macro; fund_entity says whether an identifier given to a stock endpoint names a fund.
import type { BorrowOptions, Engine } from '../db/Engine.ts';
import { rowsSql } from './macroSql.ts';

/** fund_resolve's row: class_id and ticker are null when a series id was given. */
export interface ResolvedFund {
  cik: number | null;
  series_id: string | null;
  class_id: string | null;
  ticker: string | null;
  series_name: string | null;
}

const RESOLVE_SQL = rowsSql('fund_resolve', 1, false);
const FUND_ENTITY_SQL = rowsSql('fund_entity', 2, false);

export async function resolveFund(engine: Engine, identifier: string, options: BorrowOptions = {}): Promise<ResolvedFund | null> {
  const rows = await engine.query<ResolvedFund>(RESOLVE_SQL, [identifier], options);
  return rows[0] ?? null;
}

/** The fund a stock endpoint's symbol or cik names (a fund ticker/class/series, or a fund registrant's CIK), else null. */
export async function fundOfEntity(engine: Engine, given: { name: string; value: string | number }, options: BorrowOptions = {}): Promise<ResolvedFund | null> {
  if (given.name !== 'symbol' && given.name !== 'cik') return null;
  const args = given.name === 'symbol' ? [String(given.value), null] : [null, Number(given.value)];
  const rows = await engine.query<ResolvedFund>(FUND_ENTITY_SQL, args, options);
  return rows[0] ?? null;
}
