// Runs `scripts/ingest.ts` in a child process (as `npm run ingest` would) with a controlled environment.
import { spawn } from 'node:child_process';
import path from 'node:path';

export const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `env` replaces the variables this project reads; nothing from the caller's SEC_/EDGAR_ settings leaks in. The
 * rendered-answer store is not rendered unless `env` asks (FILINGS_RENDER=1): the CLI's tests read the periods, and
 * rendering would add to each of them (test/serving covers the store).
 */
export function runIngestCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(SEC_|EDGAR_|FILINGS_|DUCKDB_)/.test(k)),
  ) as Record<string, string>;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO, 'scripts', 'ingest.ts'), ...args], {
    cwd: REPO,
    env: { ...base, DUCKDB_THREADS: '1', DUCKDB_MEMORY_LIMIT: '1GB', FILINGS_RENDER: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => { resolve({ code, stdout, stderr }); });
  });
}
