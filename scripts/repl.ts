// `npm run repl`: the quant's SQL prompt over the warehouse, every view and macro loaded, read-only.
// `-c "SQL"` and piped stdin run non-interactively; the exit code is 1 on the first error.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { loadConfig } from '../engine/config.ts';
import { Engine } from '../engine/db/Engine.ts';
import { ArgsError, USAGE, parseReplArgs } from './repl/parseReplArgs.ts';
import { ReplSession } from './repl/ReplSession.ts';
import { runScript } from './repl/runScript.ts';
import { runInteractive } from './repl/runInteractive.ts';
import { isWarehouseEmpty } from '../engine/warehouse/isWarehouseEmpty.ts';

async function readStdin(): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of process.stdin) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

async function main(argv: string[]): Promise<number> {
  const args = parseReplArgs(argv);
  if (args.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const config = loadConfig();
  const cwd = process.cwd();
  const allowedDirs = [cwd, ...args.allow.map((d) => path.resolve(cwd, d))].map((d) => fs.realpathSync(d));
  const engine = await Engine.open({
    warehouseDir: config.warehouseDir, mode: 'read', threads: config.threads, memoryLimit: config.memoryLimit, extraDirectories: allowedDirs,
  });
  try {
    const interactive = args.commands.length === 0 && process.stdin.isTTY;
    const write = (s: string) => { process.stdout.write(s); };
    const err = (s: string) => { process.stderr.write(s); };
    const session = new ReplSession(engine, {
      allowedDirs, cwd: fs.realpathSync(cwd), warehouseDir: engine.warehouseDir, protectedDirs: [path.dirname(config.tokensFile)], interactive, out: write, err,
    });
    session.mode = args.mode;
    if (interactive) {
      const empty = isWarehouseEmpty(engine.warehouseDir) ? ' (empty: run `npm run demo` or `npm run ingest`)' : '';
      await runInteractive(session, {
        historyFile: path.join(os.homedir(), '.filings_repl_history'),
        banner: `warehouse ${engine.warehouseDir}${empty}\n.help for commands, .tables for views and macros, statements end with ';'\n`,
      });
      return 0;
    }
    const scripts = args.commands.length > 0 ? args.commands : [await readStdin()];
    for (const text of scripts) {
      const outcome = await runScript(session, text, err);
      if (outcome === 'error') return 1;
      if (outcome === 'quit') break;
    }
    return 0;
  } finally {
    engine.close();
  }
}

// `npm run repl -- -c "..." | head` closes the pipe early: that ends the output, it is not an error
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (e: unknown) => {
    process.stderr.write(`repl: ${e instanceof Error ? e.message : String(e)}\n${e instanceof ArgsError ? USAGE : ''}`);
    process.exitCode = 2;
  },
);
