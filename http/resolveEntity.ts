// Entity identification: the one identifier given becomes a cik (and the matched security) via the resolve_entity
// macro; an identifier that names nothing is a 400, as the spec says.
import type { Engine } from '../engine/db/Engine.ts';
import { badRequest } from './HttpError.ts';
import type { ResolvedEntity } from './registry.ts';
import type { EntityParam } from './params/entityParams.ts';
import { rowsSql } from './query/macroSql.ts';

const ORDER: EntityParam[] = ['symbol', 'cik', 'cusip', 'composite_figi', 'share_class_figi'];
const SQL = rowsSql('resolve_entity', ORDER.length, false);

export async function resolveEntity(engine: Engine, given: { name: EntityParam; value: string | number }): Promise<ResolvedEntity> {
  const args = ORDER.map((name) => (name === given.name ? given.value : null));
  const rows = await engine.query<ResolvedEntity>(SQL, args);
  const row = rows[0];
  if (!row) {
    const shown = given.name === 'cik' ? String(given.value) : JSON.stringify(given.value);
    const what = given.name === 'symbol' ? 'no company or fund has this ticker' : given.name === 'cik' ? 'no company has this CIK' : `no security has this ${given.name}`;
    throw badRequest(`Unknown ${given.name} ${shown}: ${what}`);
  }
  return row;
}
