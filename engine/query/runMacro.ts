// Whole (small) results of a macro call: one JSON text per row (object- and array-shaped answers, engine callers),
// or the row count a page is cut from. A call the rendered store holds for the current warehouse is read from it;
// every other call runs the macro.
import type { BorrowOptions, Engine } from '../db/Engine.ts';
import type { MacroCall } from './MacroQuery.ts';
import { countSql, jsonRowsSql } from './macroSql.ts';
import { renderedRows } from './renderedAnswer.ts';

/** Each row as the JSON text DuckDB renders for it (omit-when-null fields dropped where null). */
export async function jsonRows(engine: Engine, call: MacroCall, options: BorrowOptions = {}): Promise<string[]> {
  return renderedRows(engine, call) ?? liveJsonRows(engine, call, options);
}

/** jsonRows computed by the macro, never read from the rendered store (what the store is rendered from). */
export async function liveJsonRows(engine: Engine, call: MacroCall, options: BorrowOptions = {}): Promise<string[]> {
  const rows = await engine.query<{ j: string }>(jsonRowsSql(call.macro, call.args.length, false, call.omitWhenNull), call.args, options);
  return rows.map((r) => r.j);
}

export async function countRows(engine: Engine, call: MacroCall, options: BorrowOptions = {}): Promise<number> {
  const [row] = await engine.query<{ n: number }>(countSql(call.macro, call.args.length), call.args, options);
  return row?.n ?? 0;
}
