// Goal 4's "flat (no growth after warm-up)", read from a server's RSS samples (one per second): the samples after the
// warm-up (the first quarter of the run) in four equal parts, each part's mean, and the least-squares slope over them
// in MB per minute; and a picture of the whole series (an SVG line over time, the warm-up shaded) for the README.

const MB = 1024 * 1024;

export interface RssFlatness {
  /** Mean RSS (MB) of each quarter of the samples after the warm-up. */
  quarterMeans: number[];
  /** Least-squares slope of RSS over the samples after the warm-up, MB per minute (samples one second apart). */
  slopeMbPerMin: number;
  /** Last quarter's mean minus the first's, MB. */
  drift: number;
}

export function rssFlatness(samples: readonly number[]): RssFlatness {
  const warm = samples.slice(Math.floor(samples.length / 4)).map((b) => b / MB);
  const n = warm.length;
  const part = Math.max(1, Math.floor(n / 4));
  const quarterMeans = [0, 1, 2, 3].map((q) => {
    const s = warm.slice(q * part, q === 3 ? n : (q + 1) * part);
    return s.length ? s.reduce((a, b) => a + b, 0) / s.length : NaN;
  });
  const mx = (n - 1) / 2;
  const my = warm.reduce((a, b) => a + b, 0) / Math.max(1, n);
  let num = 0;
  let den = 0;
  warm.forEach((y, x) => { num += (x - mx) * (y - my); den += (x - mx) ** 2; });
  const slope = den > 0 ? num / den : 0;
  return { quarterMeans, slopeMbPerMin: slope * 60, drift: (quarterMeans[3] ?? NaN) - (quarterMeans[0] ?? NaN) };
}

export function describeFlatness(f: RssFlatness): string {
  return `RSS after warm-up by quarter (mean MB): ${f.quarterMeans.map((m) => m.toFixed(0)).join(' / ')}; ` +
    `drift ${f.drift >= 0 ? '+' : ''}${f.drift.toFixed(0)} MB, slope ${f.slopeMbPerMin >= 0 ? '+' : ''}${f.slopeMbPerMin.toFixed(1)} MB/min`;
}

/** An SVG of RSS (MB) over time (s), the warm-up shaded and the bound drawn, for a README or a browser. */
export function rssSvg(samples: readonly number[], boundMb: number, title: string): string {
  const w = 720;
  const h = 260;
  const pad = { l: 56, r: 16, t: 28, b: 36 };
  const ys = samples.map((b) => b / MB);
  const top = Math.max(boundMb, ...ys) * 1.08;
  const x = (i: number) => pad.l + (i / Math.max(1, ys.length - 1)) * (w - pad.l - pad.r);
  const y = (v: number) => h - pad.b - (v / top) * (h - pad.t - pad.b);
  const warmEnd = x(Math.floor(ys.length / 4));
  const line = ys.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join('');
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(top * f / 100) * 100);
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${String(w)}" height="${String(h)}" font-family="sans-serif" font-size="11">`,
    `<rect width="${String(w)}" height="${String(h)}" fill="white"/>`,
    `<text x="${String(pad.l)}" y="16" font-size="13">${esc(title)}</text>`,
    `<rect x="${String(pad.l)}" y="${String(pad.t)}" width="${(warmEnd - pad.l).toFixed(1)}" height="${String(h - pad.t - pad.b)}" fill="#eee"/>`,
    `<text x="${String(pad.l + 4)}" y="${String(pad.t + 12)}" fill="#777">warm-up</text>`,
    ...ticks.map((t) => `<line x1="${String(pad.l)}" x2="${String(w - pad.r)}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}" stroke="#ddd"/><text x="${String(pad.l - 6)}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end">${String(t)}</text>`),
    `<line x1="${String(pad.l)}" x2="${String(w - pad.r)}" y1="${y(boundMb).toFixed(1)}" y2="${y(boundMb).toFixed(1)}" stroke="#c33" stroke-dasharray="4 3"/>`,
    `<text x="${String(w - pad.r)}" y="${(y(boundMb) - 4).toFixed(1)}" text-anchor="end" fill="#c33">${String(boundMb)} MB bound</text>`,
    `<path d="${line}" fill="none" stroke="#2463eb" stroke-width="1.5"/>`,
    `<text x="${String(pad.l)}" y="${String(h - 10)}">0 s</text><text x="${String(w - pad.r)}" y="${String(h - 10)}" text-anchor="end">${String(ys.length - 1)} s</text>`,
    `<text transform="translate(14 ${String(h / 2)}) rotate(-90)" text-anchor="middle">RSS MB</text>`,
    '</svg>',
  ].join('\n');
}
