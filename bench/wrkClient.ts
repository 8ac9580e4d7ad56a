// The cold-serving bench's light load client: wrk (C, epoll; Debian package `wrk`) driven by bench/wrkWalk.lua, so the
// client's own CPU, taken from the server on a 2-core box, is a fraction of a Node client's. Used when `wrk` is on PATH.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SCRIPT = path.join(path.dirname(new URL(import.meta.url).pathname), 'wrkWalk.lua');

export function wrkAvailable(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

export interface WrkRun {
  requests: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  statuses: Record<string, number>;
  /** Socket errors and timeouts (a status >= 400 is in `statuses`, not here). */
  errors: number;
  /** CPU wrk's threads spent (from /proc/<pid>/task/<tid>/schedstat, ns resolution). */
  clientCpuMs: number;
}

interface WrkResult {
  requests: number; durationUs: number; p50Us: number; p99Us: number;
  errors: { connect: number; read: number; write: number; timeout: number };
  statuses: Record<string, number>;
}

/** CPU time of every thread of `pid` so far, ms (the first field of schedstat is time on a CPU in ns). */
function threadsCpuMs(pid: number): number {
  let ns = 0;
  for (const tid of fs.readdirSync(`/proc/${String(pid)}/task`)) {
    ns += Number(fs.readFileSync(`/proc/${String(pid)}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
  }
  return ns / 1e6;
}

/**
 * `paths` against `base`, 16 connections on one wrk thread: each path once (a walk), or cycling for `seconds`. The
 * walk's connections are capped at the number of paths, so none is opened without a path to send.
 */
export async function wrkLoad(base: string, paths: readonly string[], opts: { connections: number; token?: string; acceptEncoding?: string | undefined; seconds?: number | undefined }): Promise<WrkRun> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  const file = path.join(dir, 'paths.txt');
  fs.writeFileSync(file, paths.join('\n'));
  const connections = opts.seconds === undefined ? Math.min(opts.connections, paths.length) : opts.connections;
  const args = ['-t1', `-c${String(connections)}`, '-d3600s', '--timeout', '60s', '-s', SCRIPT, base, '--', file, opts.token ? `Bearer ${opts.token}` : '', opts.acceptEncoding ?? ''];
  const child = spawn('wrk', args, { env: { ...process.env, WRK_LOOP: opts.seconds === undefined ? '0' : '1' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const pid = child.pid;
  if (pid === undefined) throw new Error('wrk did not start');
  let out = '';
  let cpuMs = 0;
  const stop = () => {
    cpuMs = threadsCpuMs(pid);
    child.kill('SIGINT');
  };
  const timer = opts.seconds === undefined ? undefined : setTimeout(stop, opts.seconds * 1000);
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const walked = !out.includes('WRK_WALKED') && (out + chunk).includes('WRK_WALKED');
    out += chunk;
    if (walked) stop();
  });
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  fs.rmSync(dir, { recursive: true, force: true });
  const line = /^WRK_RESULT (.*)$/m.exec(out)?.[1];
  if (line === undefined) throw new Error(`wrk exited with ${String(code)} without a result:\n${out}`);
  const r = JSON.parse(line) as WrkResult;
  return {
    requests: r.requests,
    seconds: r.durationUs / 1e6,
    p50Ms: r.p50Us / 1000,
    p99Ms: r.p99Us / 1000,
    statuses: r.statuses,
    errors: r.errors.connect + r.errors.read + r.errors.write + r.errors.timeout,
    clientCpuMs: cpuMs,
  };
}
