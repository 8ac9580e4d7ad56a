// Runs an async function over items with at most `limit` in flight, keeping results in input order.
import { defined } from '../query/defined.ts';

export async function mapPool<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        results[i] = await fn(defined(items[i], 'items[i]'), i);
      } catch (err) {
        // stop handing out work; the first failure is what Promise.all reports
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
