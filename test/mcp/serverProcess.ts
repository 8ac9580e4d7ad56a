// The real server (`scripts/serve.ts`, what `npm start` runs) as a child process on a given warehouse, port and
// environment: started, waited for until /v1 answers, stopped with SIGTERM as an operator or a supervisor stops it.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote, for the assertion message when something goes wrong. */
  output(): string;
  stop(): Promise<number | null>;
}

/** A port free right now: the restarted server must come back on the same one (the issuer URL includes it). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startServerProcess(env: Record<string, string>, url: string, timeoutMs = 300_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'serve.ts')], {
    cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => { log += chunk.toString('utf8'); });
  child.stderr.on('data', (chunk: Buffer) => { log += chunk.toString('utf8'); });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => { resolve(code); }));
  const proc: ServerProcess = {
    child,
    output: () => log,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      return exited;
    },
  };
  for (const deadline = Date.now() + timeoutMs; ;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${String(child.exitCode)}:\n${log}`);
    try {
      // serve.ts listens before the app is built (the issuer needs the port): until then a request waits unanswered
      const res = await fetch(`${url}/v1/openapi.json`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return proc;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await proc.stop();
      throw new Error(`the server did not answer within ${String(timeoutMs)} ms:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
