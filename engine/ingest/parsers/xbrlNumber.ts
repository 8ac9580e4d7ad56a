// Decimal text to JavaScript numbers without binary rounding surprises: inline XBRL's `scale` is applied by
// moving the decimal point in the text (so "1.1" at scale 9 is exactly 1100000000, not 1100000000.0000002).

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;
const XS_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The value of an xs:decimal / xs:double lexical form (as an instance states it), or null if it is not one. */
export function parseXsNumber(text: string): number | null {
  const t = text.trim();
  if (!XS_NUMBER.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? (n === 0 ? 0 : n) : null;
}

/**
 * `digits` (an unsigned decimal such as "391,035" already cleaned to "391035" or "12.5") times 10^scale, negated
 * when `negative`. Returns null when `digits` is not a plain decimal.
 */
export function scaledDecimal(digits: string, scale: number, negative: boolean): number | null {
  const m = DECIMAL.exec(digits);
  if (!m || m[1] !== '' || (m[2] === '' && (m[3] ?? '') === '')) return null;
  const int = m[2] ?? '';
  const frac = m[3] ?? '';
  const all = int + frac;
  const point = int.length + scale;
  let text: string;
  if (point <= 0) text = `0.${'0'.repeat(-point)}${all}`;
  else if (point >= all.length) text = all + '0'.repeat(point - all.length);
  else text = `${all.slice(0, point)}.${all.slice(point)}`;
  const n = Number(text);
  if (!Number.isFinite(n)) return null;
  if (n === 0) return 0;
  return negative ? -n : n;
}
