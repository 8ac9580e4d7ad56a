// Command-line arguments of `npm run repl`, parsed into a typed object or an error naming the bad argument.
import { defined } from '../../engine/query/defined.ts';
import type { OutputMode } from './parseCommand.ts';

export interface ReplArgs {
  /** -c/--command texts, run in order as scripts (SQL and dot commands). */
  commands: string[];
  /** --allow folders .export may write to, besides the current folder. */
  allow: string[];
  mode: OutputMode;
  help: boolean;
}

export const USAGE = `usage: npm run repl -- [options]
  -c, --command TEXT   run SQL (or dot commands) and exit; repeatable, run in order
  --mode MODE          table (default), csv or json
  --allow DIR          let .export write under DIR too (the current folder is always allowed); repeatable
  -h, --help           this text
Without -c, SQL piped on stdin is run and the REPL exits; on a terminal it is interactive.
The warehouse is FILINGS_WAREHOUSE (default ./parquet), opened read-only with every view and macro loaded.
`;

export class ArgsError extends Error {}

export function parseReplArgs(argv: readonly string[]): ReplArgs {
  const args: ReplArgs = { commands: [], allow: [], mode: 'table', help: false };
  for (let i = 0; i < argv.length; i++) {
    const a = defined(argv[i], 'argv[i]');
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new ArgsError(`${a} needs a value`);
      return v;
    };
    if (a === '-c' || a === '--command') args.commands.push(value());
    else if (a === '--allow') args.allow.push(value());
    else if (a === '--mode') {
      const m = value();
      if (m !== 'table' && m !== 'csv' && m !== 'json') throw new ArgsError(`--mode: expected table, csv or json, got "${m}"`);
      args.mode = m;
    } else if (a === '-h' || a === '--help') args.help = true;
    else throw new ArgsError(`unknown argument "${a}"`);
  }
  return args;
}
