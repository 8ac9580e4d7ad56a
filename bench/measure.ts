// Small measuring helpers shared by the benches: percentiles, bytes read by this process, aligned result tables.
import fs from 'node:fs';
import { defined } from '../engine/query/defined.ts';

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return defined(sorted[i], 'sorted[i]');
}

/**
 * Bytes this process has asked the kernel to read so far (/proc/self/io rchar): every read()/pread() DuckDB makes,
 * whether served from the page cache or the disk. The delta around one query is the bytes that query read.
 */
export function bytesReadSoFar(): number | null {
  try {
    const m = /^rchar:\s*(\d+)$/m.exec(fs.readFileSync('/proc/self/io', 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

export function formatBytes(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} GB`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} kB`;
  return `${String(n)} B`;
}

/** Rows of cells printed as an aligned table; the first row is the header. */
export function printTable(rows: readonly (readonly string[])[], write: (s: string) => void = (s) => process.stdout.write(s)): void {
  const widths = defined(rows[0], 'rows[0]').map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  rows.forEach((row, r) => {
    write(`${row.map((cell, i) => (i === 0 ? cell.padEnd(defined(widths[i], 'widths[i]')) : cell.padStart(defined(widths[i], 'widths[i]')))).join('  ')}\n`);
    if (r === 0) write(`${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
  });
}

/** `--name value` from argv, as a number, or the fallback. */
export function numberArg(argv: readonly string[], name: string, fallback: number): number {
  const i = argv.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const n = Number(argv[i + 1]);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name}: expected a positive number, got "${String(argv[i + 1])}"`);
  return n;
}
