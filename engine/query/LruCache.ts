// A byte-bounded LRU (hot answers, entity resolutions). Keys embed the warehouse version, so an ingest makes old entries
// unreachable (they age out) rather than stale: data changes daily, hot keys are asked many times a day.
export class LruCache<V> {
  private readonly map = new Map<string, { value: V; bytes: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number, private readonly sizeOf: (value: V) => number) {}

  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }

  set(key: string, value: V): void {
    const bytes = this.sizeOf(value) + key.length;
    if (bytes > this.maxBytes / 16) return; // also turns a zero-byte cache off
    const old = this.map.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.map.delete(key);
    }
    this.map.set(key, { value, bytes });
    this.bytes += bytes;
    for (const [k, entry] of this.map) {
      if (this.bytes <= this.maxBytes) break;
      this.map.delete(k);
      this.bytes -= entry.bytes;
    }
  }
}
