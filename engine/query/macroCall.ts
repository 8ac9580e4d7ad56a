// The one place that picks between a stored (materialized) result and the on-the-fly macro: the stored one while the
// warehouse state says it reflects every ingest and the request is one it can answer.
import type { Engine } from '../db/Engine.ts';
import type { MacroCall, MacroQuery } from './MacroQuery.ts';

export function macroCall<I>(engine: Engine, query: MacroQuery<I>, input: I): MacroCall {
  const { stored } = query;
  const useStored = stored !== undefined && (stored.appliesTo?.(input) ?? true) && engine.warehouse().periodsCurrent;
  return {
    macro: useStored ? stored.macro : query.macro,
    args: useStored ? stored.args(input) : query.args(input),
    omitWhenNull: query.omitWhenNull ?? [],
  };
}
