// Reads one unit ahead of its consumer: while the JavaScript thread parses and stages unit N, the disk read and the
// inflate of unit N+1 (libuv's thread pool) are already under way. At most one unit waits, so memory stays bounded.

/**
 * Yields what source yields, in order, asking for the next item as soon as the current one is handed out. An error of
 * the item read ahead surfaces when the consumer reaches it, as it would without the read-ahead.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<T>> | null = it.next();
  try {
    for (;;) {
      const current: IteratorResult<T> = await pending;
      pending = null;
      if (current.done === true) return;
      pending = it.next();
      // the consumer may stop before it awaits this read: its failure is then nobody's to report
      pending.catch(() => undefined);
      yield current.value;
    }
  } finally {
    // a consumer that stops early (an error, a break) closes the source once the read in flight has settled
    if (pending !== null) {
      await pending.catch(() => undefined);
      await it.return?.(undefined);
    }
  }
}
