// The interactive prompt: node:readline with persistent history, multi-line statements until ';', Ctrl-C to cancel.
import fs from 'node:fs';
import readline from 'node:readline';
import { InputBuffer } from './InputBuffer.ts';
import type { ReplSession } from './ReplSession.ts';

const PROMPT = 'sql> ';
const CONTINUE = ' ...> ';
const HISTORY_SIZE = 1000;

function loadHistory(file: string | null): string[] {
  if (!file || !fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).slice(0, HISTORY_SIZE);
}

function saveHistory(file: string | null, history: readonly string[]): void {
  if (!file) return;
  try {
    fs.writeFileSync(file, `${history.slice(0, HISTORY_SIZE).join('\n')}\n`);
  } catch {
    // history is a convenience; an unwritable home folder must not end the session with an error
  }
}

export async function runInteractive(session: ReplSession, options: { historyFile: string | null; banner: string }): Promise<void> {
  const out = (s: string) => process.stdout.write(s);
  const rl = readline.createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: true,
    history: loadHistory(options.historyFile),
    historySize: HISTORY_SIZE,
    removeHistoryDuplicates: true,
    prompt: PROMPT,
  });
  let history: string[] = [];
  rl.on('history', (h: string[]) => { history = h; });
  const buffer = new InputBuffer();
  rl.on('SIGINT', () => {
    if (session.interrupt()) return;
    out(buffer.pending ? '\n' : '\n(.quit or Ctrl-D to leave)\n');
    buffer.clear();
    rl.setPrompt(PROMPT);
    rl.prompt();
  });
  out(options.banner);
  rl.prompt();
  try {
    for await (const line of rl) {
      for (const item of buffer.feed(line)) {
        try {
          if (!(await session.run(item))) return;
        } catch (e) {
          process.stderr.write(`Error: ${e instanceof Error ? e.message : String(e)}\n`);
        }
      }
      rl.setPrompt(buffer.pending ? CONTINUE : PROMPT);
      rl.prompt();
    }
  } finally {
    saveHistory(options.historyFile, history);
    rl.close();
  }
}
