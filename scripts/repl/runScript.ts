// Runs REPL input that is not typed at a prompt (-c text, piped stdin): stops at the first error, reporting it on stderr.
import { InputBuffer, type Item } from './InputBuffer.ts';
import type { ReplSession } from './ReplSession.ts';

export type ScriptOutcome = 'ok' | 'error' | 'quit';

export async function runScript(session: ReplSession, text: string, err: (s: string) => void): Promise<ScriptOutcome> {
  const buffer = new InputBuffer();
  const step = async (items: Item[]): Promise<ScriptOutcome> => {
    for (const item of items) {
      try {
        if (!(await session.run(item))) return 'quit';
      } catch (e) {
        err(`Error: ${e instanceof Error ? e.message : String(e)}\n`);
        return 'error';
      }
    }
    return 'ok';
  };
  for (const line of text.split(/\r?\n/)) {
    const outcome = await step(buffer.feed(line));
    if (outcome !== 'ok') return outcome;
  }
  return step(buffer.flush());
}
