// Entity identification at the edge: the engine resolves the one identifier given; one that names nothing is a 400,
// as the spec says.
import { resolveEntity as resolve, type BorrowOptions, type Engine, type ResolvedEntity } from '../engine/query/index.ts';
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
