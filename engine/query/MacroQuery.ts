// How a result is asked for: a table macro and the arguments it binds, and optionally a precomputed equivalent the
// engine reads instead while the warehouse says it is current. Both the HTTP registry and engine callers (tests,
// scripts) describe results this way, so both run the same statement.
import type { DuckDBValue } from '@duckdb/node-api';

export interface MacroQuery<I> {
  /** Name of the DuckDB table macro that answers. */
  readonly macro: string;
  /** The macro's arguments in order; values are bound, never spliced. */
  readonly args: (input: I) => DuckDBValue[];
  /**
   * The materialized periods' equivalent (same columns, same rows), read while they reflect every ingest
   * (WarehouseSnapshot.periodsCurrent); `appliesTo` narrows the requests it can answer (e.g. not point-in-time ones).
   */
  readonly stored?: {
    readonly macro: string;
    readonly args: (input: I) => DuckDBValue[];
    readonly appliesTo?: (input: I) => boolean;
  };
  /** Top-level fields left out of a JSON row where null (the spec's "omitted when ..."); Arrow/CSV keep the column. */
  readonly omitWhenNull?: readonly string[];
}

/** One concrete statement to run: the macro picked and its bound arguments. */
export interface MacroCall {
  readonly macro: string;
  readonly args: DuckDBValue[];
  readonly omitWhenNull: readonly string[];
}

/** The same query fed from another input (e.g. an HTTP route's validated request): one definition, two callers. */
export function mapInput<I, Q>(query: MacroQuery<Q>, toQuery: (input: I) => Q): MacroQuery<I> {
  const { stored } = query;
  return {
    macro: query.macro,
    args: (input) => query.args(toQuery(input)),
    ...(stored && {
      stored: {
        macro: stored.macro,
        args: (input: I) => stored.args(toQuery(input)),
        appliesTo: (input: I) => stored.appliesTo?.(toQuery(input)) ?? true,
      },
    }),
    ...(query.omitWhenNull && { omitWhenNull: query.omitWhenNull }),
  };
}
