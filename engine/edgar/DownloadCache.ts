// The warehouse's download folder: EDGAR bodies land here (mirroring the URL path) before ingest reads them.
import { defined } from '../query/defined.ts';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { EdgarBases } from './edgarUrls.ts';

export class DownloadCache {
  constructor(readonly root: string, private readonly bases: EdgarBases) {}

  static forWarehouse(warehouseDir: string, bases: EdgarBases): DownloadCache {
    return new DownloadCache(path.join(warehouseDir, '_downloads', 'edgar'), bases);
  }

  /** Local path of a URL under one of the configured bases. */
  pathOf(url: string): string {
    const base = [this.bases.edgarDataBaseUrl, this.bases.edgarBaseUrl].find((b) => url.startsWith(`${b}/`));
    if (base === undefined) throw new Error(`${url} is not under a configured EDGAR base URL`);
    const rel = decodeURIComponent(defined(url.slice(base.length + 1).split(/[?#]/)[0], 'url.slice(base.length + 1).split(/[?#]/)[0]'));
    const parts = rel.split('/');
    if (parts.some((p) => p === '' || p === '.' || p === '..')) throw new Error(`refusing to cache ${url}: unsafe path`);
    return path.join(this.root, ...parts);
  }

  has(url: string): boolean {
    return fs.existsSync(this.pathOf(url));
  }

  /** Written to a temporary name and renamed, so a crash never leaves a truncated body that looks complete. */
  write(url: string, body: Buffer): string {
    const file = this.pathOf(url);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.part-${String(process.pid)}-${crypto.randomBytes(3).toString('hex')}`;
    fs.writeFileSync(tmp, body);
    fs.renameSync(tmp, file);
    return file;
  }
}
