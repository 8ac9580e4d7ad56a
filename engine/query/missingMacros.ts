// Startup check: which of the table macros a registry names are not defined by the SQL layers (a stored twin of a
// deferred layer file, defined once its stored output holds files, counts as defined).
import type { Engine } from '../db/Engine.ts';
import { TABLE_MACROS_SQL } from './macroSql.ts';

export async function missingMacros(engine: Engine, names: readonly string[]): Promise<string[]> {
  const present = new Set((await engine.query<{ name: string }>(TABLE_MACROS_SQL)).map((r) => r.name).concat(engine.deferredMacros()));
  return [...new Set(names)].filter((m) => !present.has(m));
}
