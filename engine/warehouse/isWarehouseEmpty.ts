// Whether any ingest ever committed to a warehouse: serve builds the demo into an empty one, the REPL says it is empty.
import fs from 'node:fs';
import path from 'node:path';

/** True when no ingest ever committed anything to the warehouse (no manifest files). */
export function isWarehouseEmpty(warehouseDir: string): boolean {
  const manifests = path.join(warehouseDir, '_manifest');
  return !fs.existsSync(manifests) || !fs.readdirSync(manifests).some((f) => f.endsWith('.json'));
}
