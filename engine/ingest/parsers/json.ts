// JSON.parse that reports the file and position instead of a bare SyntaxError.
import { IngestError } from '../IngestError.ts';
import type { SourceFile } from '../SourceFile.ts';

export function parseJsonFile(file: SourceFile): unknown {
  try {
    return JSON.parse(file.bytes.toString('utf8'));
  } catch (err) {
    throw new IngestError(file.name, `not valid JSON (${(err as Error).message})`);
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function parseCik(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v.trim()) : NaN;
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export function isoDate(v: unknown): string | null {
  return typeof v === 'string' && DATE.test(v) ? v : null;
}
