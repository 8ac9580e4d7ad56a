// Separates downloaded files that some registered parser recognises from those none does yet, so an online ingest
// of a company still commits what can be read (and reports the rest) while parsers for a format are being added.
import fs from 'node:fs';
import { PARSERS } from '../ingest/parsers/registry.ts';

const HEAD = 4096;

function head(file: string): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(HEAD);
    return buf.subarray(0, fs.readSync(fd, buf, 0, HEAD, 0));
  } finally {
    fs.closeSync(fd);
  }
}

export function splitRecognised(files: readonly string[]): { recognised: string[]; unrecognised: string[] } {
  const recognised: string[] = [];
  const unrecognised: string[] = [];
  for (const name of files) {
    const bytes = head(name);
    const text = bytes.toString('utf8');
    (PARSERS.some((p) => p.detect({ name, bytes }, text)) ? recognised : unrecognised).push(name);
  }
  return { recognised, unrecognised };
}
