// Adds the gzip of each answer to a rendered store written before gzip was kept (a new generation with the same records,
// published for the same warehouse version and stored periods), without rendering again: what the lead's full-scale
// store needs to send gzip as-is. Usage: node --import tsx bench/gzipRenderedStore.ts <warehouse dir>
import { RenderedStoreReader, RenderedStoreWriter } from '../engine/serving/RenderedStore.ts';

const dir = process.argv[2];
if (dir === undefined) throw new Error('usage: gzipRenderedStore.ts <warehouse dir>');
const reader = RenderedStoreReader.open(dir);
if (!reader) throw new Error(`no rendered store in ${dir}`);
const started = performance.now();
const cpu0 = process.cpuUsage();
const writer = new RenderedStoreWriter(dir, new Date().toISOString().replace(/[-:.]/g, ''));
let n = 0;
try {
  for (const key of reader.keys()) {
    writer.copy(reader, key);
    n++;
  }
  const { version, periodsGeneration, buckets, manifests } = reader.state;
  writer.publish({ version, periodsGeneration, buckets, manifests });
} catch (err) {
  writer.abandon();
  throw err;
} finally {
  reader.close();
}
const cpu = process.cpuUsage(cpu0);
process.stdout.write(`${String(n)} records copied with their gzip in ${((performance.now() - started) / 1000).toFixed(1)} s (${((cpu.user + cpu.system) / 1e6).toFixed(1)} CPU s)\n`);
