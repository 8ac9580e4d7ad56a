// A real Redis for the shared-limit tests: REDIS_TEST_URL when set (CI), else a redis-server started on a free
// loopback port and stopped afterwards; null when neither is available (the suite then skips, saying why).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';

export interface TestRedis {
  url: string;
  /** The redis-server process when this helper started it (chaos tests stop and continue it); null for REDIS_TEST_URL. */
  pid: number | null;
  stop(): Promise<void>;
}

export const REDIS_SKIP_REASON = 'redis-server is not installed and REDIS_TEST_URL is unset (apt-get install redis-server)';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => { resolve(port); });
    });
  });
}

async function waitForPing(url: string, deadline: number): Promise<void> {
  for (;;) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await client.connect();
      await client.ping();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      client.disconnect();
    }
  }
}

export function redisServerInstalled(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

export function redisAvailable(): boolean {
  return Boolean(process.env.REDIS_TEST_URL) || redisServerInstalled();
}

/** @param own start a private redis-server even when REDIS_TEST_URL is set (to signal its process). */
export async function startTestRedis(own = false): Promise<TestRedis | null> {
  const given = process.env.REDIS_TEST_URL;
  if (given && !own) return { url: given, pid: null, stop: async () => {} };
  if (!redisServerInstalled()) return null;
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${String(port)}`;
  await waitForPing(url, Date.now() + 10_000);
  return {
    url,
    pid: child.pid ?? null,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) { resolve(); return; }
      child.once('exit', () => { resolve(); });
      child.kill('SIGTERM');
    }),
  };
}
