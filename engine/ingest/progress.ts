// Ingest progress on stderr: a cli-progress bar (bytes consumed / total, current file) on a terminal,
// and plain periodic lines ("ingest: 12 files, 35.2 MB of 120.0 MB (29%)") when output goes to a log or pipe.
import path from 'node:path';
import cliProgress from 'cli-progress';

export interface Progress {
  /** `files` input units done so far, `bytes` consumed so far, `current` the unit just finished. */
  update(files: number, bytes: number, current: string): void;
  /** Ends the bar, or prints the last line if it was not printed yet. */
  stop(): void;
}

export interface ProgressOptions {
  label: string;
  totalBytes: number;
  stream?: NodeJS.WriteStream | NodeJS.WritableStream;
  /** Overrides the stream's TTY detection. */
  tty?: boolean;
  /** Plain mode: least time between two lines (default 2000 ms). */
  intervalMs?: number;
  now?: () => number;
}

export function formatBytes(n: number): string {
  if (n < 1e3) return `${String(n)} B`;
  if (n < 1e6) return `${(n / 1e3).toFixed(1)} kB`;
  if (n < 1e9) return `${(n / 1e6).toFixed(1)} MB`;
  return `${(n / 1e9).toFixed(2)} GB`;
}

export function progressLine(label: string, files: number, bytes: number, totalBytes: number): string {
  const pct = totalBytes > 0 ? ` (${String(Math.min(100, Math.floor((bytes / totalBytes) * 100)))}%)` : '';
  return `${label}: ${String(files)} file${files === 1 ? '' : 's'}, ${formatBytes(bytes)} of ${formatBytes(totalBytes)}${pct}`;
}

/** Shortens a long path to its tail so the bar fits one terminal line. */
function shortName(name: string, max = 48): string {
  const base = name.includes('!') ? name.slice(name.lastIndexOf('!') + 1) : path.basename(name);
  return base.length <= max ? base : `…${base.slice(base.length - max + 1)}`;
}

export function createProgress(options: ProgressOptions): Progress {
  const stream = options.stream ?? process.stderr;
  const tty = options.tty ?? ((stream as Partial<NodeJS.WriteStream>).isTTY ?? false);
  return tty ? barProgress(options, stream) : lineProgress(options, stream);
}

function barProgress(options: ProgressOptions, stream: NodeJS.WritableStream): Progress {
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: `${options.label} [{bar}] {percentage}% | {done} / {total_bytes} | {files} files | {current}`,
      hideCursor: true,
      clearOnComplete: false,
      fps: 5,
    },
    cliProgress.Presets.shades_classic,
  );
  const total = Math.max(1, options.totalBytes);
  bar.start(total, 0, { done: formatBytes(0), total_bytes: formatBytes(options.totalBytes), files: 0, current: '' });
  return {
    update(files, bytes, current) {
      bar.update(Math.min(bytes, total), { done: formatBytes(bytes), files, current: shortName(current) });
    },
    stop() {
      bar.stop();
    },
  };
}

function lineProgress(options: ProgressOptions, stream: NodeJS.WritableStream): Progress {
  const now = options.now ?? (() => Date.now());
  const interval = options.intervalMs ?? 2000;
  let last = now();
  let state: { files: number; bytes: number } | null = null;
  let printed = true;
  const print = () => {
    if (state === null) return;
    stream.write(`${progressLine(options.label, state.files, state.bytes, options.totalBytes)}\n`);
    printed = true;
  };
  return {
    update(files, bytes) {
      state = { files, bytes };
      printed = false;
      if (now() - last >= interval) {
        last = now();
        print();
      }
    },
    stop() {
      if (!printed) print();
    },
  };
}
