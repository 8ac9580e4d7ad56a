// The REPL's dot commands, parsed from one input line into a typed command (or a usage error naming the command).
import { defined } from '../../engine/query/defined.ts';

export type OutputMode = 'table' | 'csv' | 'json';
export type ExportFormat = 'csv' | 'parquet';

export type Command =
  | { kind: 'tables' }
  | { kind: 'schema'; name: string }
  | { kind: 'help' }
  | { kind: 'mode'; mode: OutputMode | null }
  | { kind: 'export'; format: ExportFormat; path: string }
  | { kind: 'quit' };

export class CommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandError';
  }
}

export const HELP = `Commands:
  .tables                      views, tables and macros the SQL layers define
  .schema NAME                 columns and types of a view or table; parameters (and columns) of a macro
  .mode table|csv|json         how results are printed (now: see .mode)
  .export csv|parquet PATH     write the last query's result to PATH; before any query, the next query's
  .help                        this text
  .quit                        leave (also .exit, Ctrl-D)
SQL statements end with ';' and may span lines. Ctrl-C cancels a running query or the statement being typed.
Examples:
  SELECT concept, value FROM facts_of(320193) WHERE concept = 'us-gaap:Assets' ORDER BY period_end DESC LIMIT 5;
  .export csv assets.csv
`;

/** Strip one pair of matching quotes around a path typed with spaces. */
function unquote(s: string): string {
  const m = /^(['"])(.*)\1$/.exec(s);
  return m ? defined(m[2], 'm[2]') : s;
}

export function parseCommand(line: string): Command {
  const trimmed = line.trim();
  const [word = '', ...restWords] = trimmed.split(/\s+/);
  const rest = trimmed.slice(word.length).trim().replace(/;$/, '').trim();
  switch (word.toLowerCase()) {
    case '.tables':
      return { kind: 'tables' };
    case '.schema':
      if (!rest) throw new CommandError('.schema needs a name, e.g. .schema src_facts');
      return { kind: 'schema', name: unquote(rest) };
    case '.help':
      return { kind: 'help' };
    case '.quit':
    case '.exit':
      return { kind: 'quit' };
    case '.mode': {
      if (!rest) return { kind: 'mode', mode: null };
      if (rest === 'table' || rest === 'csv' || rest === 'json') return { kind: 'mode', mode: rest };
      throw new CommandError(`.mode: unknown mode "${rest}" (table, csv or json)`);
    }
    case '.export': {
      const format = restWords[0]?.toLowerCase();
      if (format !== 'csv' && format !== 'parquet') throw new CommandError('.export needs a format and a path: .export csv|parquet PATH');
      const target = unquote(rest.slice(defined(restWords[0], 'restWords[0]').length).trim());
      if (!target) throw new CommandError(`.export ${format} needs a path, e.g. .export ${format} result.${format}`);
      return { kind: 'export', format, path: target };
    }
    default:
      throw new CommandError(`unknown command ${word} (try .help)`);
  }
}
