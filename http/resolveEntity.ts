// Entity identification at the edge: the engine resolves the one identifier given; one that names nothing is a 400,
// as the spec says.
import { fundOfEntity, resolveEntity as resolve, resolveFund, type BorrowOptions, type Engine, type ResolvedEntity } from '../engine/query/index.ts';
import { badRequest } from './HttpError.ts';
import type { EntityParam } from './params/entityParams.ts';

export async function resolveEntity(engine: Engine, given: { name: EntityParam; value: string | number }, options: BorrowOptions = {}): Promise<ResolvedEntity> {
  const row = await resolve(engine, given, options);
  if (!row) {
    const shown = given.name === 'cik' ? String(given.value) : JSON.stringify(given.value);
    const what = given.name === 'symbol' ? 'no company or fund has this ticker' : given.name === 'cik' ? 'no company has this CIK' : `no security has this ${given.name}`;
    throw badRequest(`Unknown ${given.name} ${shown}: ${what}`);
  }
  return row;
}

/** Fund endpoints: the symbol must name a fund (ticker, class id or series id); anything else is a 400 (behaviour note 2). */
export async function resolveFundEntity(engine: Engine, given: { name: EntityParam; value: string | number }, options: BorrowOptions = {}): Promise<ResolvedEntity> {
  if (given.name !== 'symbol') {
    throw badRequest(`Fund endpoints take a fund in "symbol" (an ETF or mutual fund ticker, a share class id C######### or a series id S#########), not ${given.name}`);
  }
  const fund = await resolveFund(engine, String(given.value), options);
  if (!fund) {
    throw badRequest(`Symbol ${JSON.stringify(given.value)} is not a fund: fund endpoints take an ETF or mutual fund ticker, a share class id (C + 9 digits) or a series id (S + 9 digits)`);
  }
  return {
    cik: fund.cik, name: fund.series_name, ticker: fund.ticker, exchange: null, cusip: null, composite_figi: null,
    share_class_figi: null, kind: 'fund', fund,
  };
}

/** Stock-only endpoints (peers, scores): an identifier that names a fund is a 400 (behaviour note 3). */
export async function refuseFund(engine: Engine, given: { name: EntityParam; value: string | number }, options: BorrowOptions = {}): Promise<void> {
  const fund = await fundOfEntity(engine, given, options);
  if (!fund) return;
  const what = fund.series_id ? `the fund ${fund.series_name ?? fund.series_id} (series ${fund.series_id})` : `a fund registrant (cik ${String(fund.cik)})`;
  throw badRequest(`${given.name === 'cik' ? 'CIK' : 'Symbol'} ${JSON.stringify(given.value)} is not a stock: it names ${what}; this endpoint serves stocks only`);
}
