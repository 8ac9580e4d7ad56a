// Reads a secret for a CLI: from a terminal without echoing it, or the first line of piped standard input.
import readline from 'node:readline';

let piped: AsyncIterator<string> | null = null;

export async function readSecret(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    piped ??= readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
    const line = await piped.next();
    if (line.done) throw new Error('expected the password on standard input');
    return line.value;
  }
  process.stderr.write(prompt);
  const stdin = process.stdin;
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  // a data listener, not for-await: leaving a for-await loop would destroy stdin before the second prompt
  return new Promise((resolve, reject) => {
    let text = '';
    const done = (err: Error | null) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      if (err) reject(err);
      else resolve(text);
    };
    const onData = (chunk: string) => {
      for (const c of chunk) {
        if (c === '\r' || c === '\n') { done(null); return; }
        if (c === '\u0003') { done(new Error('cancelled')); return; }
        if (c === '\u007f' || c === '\b') text = text.slice(0, -1);
        else text += c;
      }
      return undefined;
    };
    stdin.on('data', onData);
    stdin.resume();
  });
}
