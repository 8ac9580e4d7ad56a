// Child process for the crash test: ingests the given paths and, with the batch's Parquet files staged but before
// the COMMIT journal, announces itself through a marker file and blocks until the parent kills it.
// usage: node --import tsx ingestUntilJournal.ts <warehouseDir> <markerFile> <path...>
import fs from 'node:fs';
import { Engine } from '../../engine/db/Engine.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';

const [warehouseDir, marker, ...paths] = process.argv.slice(2);
if (!warehouseDir || !marker || paths.length === 0) throw new Error('usage: ingestUntilJournal.ts <warehouseDir> <markerFile> <path...>');
const engine = await Engine.open({ warehouseDir, mode: 'write', threads: 1, memoryLimit: '1GB' });
await ingestPaths(engine, paths, {
  beforeJournal() {
    fs.writeFileSync(marker, String(process.pid));
    // block the whole process (no event loop turn), as a writer stalled mid-commit would be
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  },
});
throw new Error('unreachable: the parent kills this process before the journal');
