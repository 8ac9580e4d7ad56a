// The warehouse's version for ETags: the newest commit manifest. Ingest writes a manifest per batch, so any change
// to the data changes the version; it is re-read at most once per second.
import fs from 'node:fs';
import path from 'node:path';

export class WarehouseVersion {
  private value = '';
  private readAt = -Infinity;

  constructor(private readonly warehouseDir: string, private readonly clock: () => number = Date.now) {}

  get(): string {
    const now = this.clock();
    if (now - this.readAt >= 1000) {
      this.readAt = now;
      let names: string[] = [];
      try {
        names = fs.readdirSync(path.join(this.warehouseDir, '_manifest')).filter((n) => n.endsWith('.json')).sort();
      } catch {
        names = [];
      }
      this.value = `${names.length}:${names.at(-1) ?? 'empty'}`;
    }
    return this.value;
  }
}
