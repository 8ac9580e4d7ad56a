// Inline XBRL transformation rules (`format` attribute) for numbers and dates: the XII registry versions 1-5
// (ixt, 2010-2022) and the SEC's own (ixt-sec). Numeric rules return an unsigned decimal string ("1234.5");
// the sign comes from ix:nonFraction's `sign` attribute, the magnitude from `scale`. A rule we do not implement
// is an error naming it (see TransformError), never a silently skipped fact.

export class TransformError extends Error {}

const TRANSFORM_NS = /^https?:\/\/www\.(xbrl\.org|sec\.gov)\/inlineXBRL\/transformation\//;

export function isTransformNamespace(uri: string): boolean {
  return TRANSFORM_NS.test(uri);
}

const GROUPING_DOT = /[\s,\u00a0\u202f'\u2019]/g; // separators allowed when '.' is the decimal mark
const GROUPING_COMMA = /[\s.\u00a0\u202f'\u2019]/g; // separators allowed when ',' is the decimal mark

function plain(digits: string, text: string, rule: string): string {
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(digits)) throw new TransformError(`"${text}" is not a number in format ${rule}`);
  return digits;
}

function dotDecimal(text: string, rule: string): string {
  return plain(text.trim().replace(GROUPING_DOT, ''), text, rule);
}

function commaDecimal(text: string, rule: string): string {
  return plain(text.trim().replace(GROUPING_COMMA, '').replace(',', '.'), text, rule);
}

/** The `...in` rules: the number sits among other words ("approximately 1,234 units"). */
function embedded(text: string, rule: string, parse: (t: string, r: string) => string): string {
  const m = text.match(/\d[\d\s,.\u00a0\u202f'\u2019]*/);
  if (!m) throw new TransformError(`"${text}" contains no number for format ${rule}`);
  return parse(m[0].replace(/[\s,.\u00a0\u202f'\u2019]+$/, ''), rule);
}

/** num-unit-decimal: "5 dollars 25 cents" = 5.25; a whole number may stand alone with its unit. */
function unitDecimal(text: string, rule: string): string {
  const m = text.trim().match(/^(\d[\d\s,.\u00a0\u202f'\u2019]*?)\s*[^\d\s][^\d]*?(?:(\d{1,2})[^\d]*)?$/);
  if (!m) throw new TransformError(`"${text}" is not a number with units in format ${rule}`);
  const int = (m[1] ?? '').replace(/[^\d]/g, '');
  return plain(m[2] ? `${int}.${m[2].padStart(2, '0')}` : int, text, rule);
}

const SMALL: Record<string, number> = {
  zero: 0, no: 0, none: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9,
  ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
  eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70,
  eighty: 80, ninety: 90,
};
const SCALES: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 };

/** ixt-sec:numwordsen: "twenty-one", "one hundred five", "no", "none"; digits are accepted too. */
function wordsEn(text: string, rule: string): string {
  const t = text.trim().toLowerCase();
  if (/^[\d,.\s]+$/.test(t)) return dotDecimal(t, rule);
  const words = t.replace(/[-,]/g, ' ').split(/\s+/).filter((w) => w !== '' && w !== 'and');
  if (words.length === 0) throw new TransformError(`"${text}" is not a number in words (format ${rule})`);
  let total = 0;
  let current = 0;
  for (const w of words) {
    const small = SMALL[w];
    const scale = SCALES[w];
    if (small !== undefined) current += small;
    else if (w === 'hundred') current = (current || 1) * 100;
    else if (scale !== undefined) {
      total += (current || 1) * scale;
      current = 0;
    } else throw new TransformError(`"${text}" is not a number in words (format ${rule}): unknown word "${w}"`);
  }
  return String(total + current);
}

const zero = () => '0';

const NUMERIC: Record<string, (text: string, rule: string) => string> = {
  // dot as decimal mark (v1 numcommadot/numspacedot, v2-3 numdotdecimal, v4-5 num-dot-decimal, v5 -apos)
  numcommadot: dotDecimal,
  numspacedot: dotDecimal,
  numdotdecimal: dotDecimal,
  'num-dot-decimal': dotDecimal,
  'num-dot-decimal-apos': dotDecimal,
  numdotdecimalin: (t, r) => embedded(t, r, dotDecimal),
  'num-dot-decimal-in': (t, r) => embedded(t, r, dotDecimal),
  // comma as decimal mark
  numcomma: commaDecimal,
  numdotcomma: commaDecimal,
  numspacecomma: commaDecimal,
  numcommadecimal: commaDecimal,
  'num-comma-decimal': commaDecimal,
  'num-comma-decimal-apos': commaDecimal,
  numcommadecimalin: (t, r) => embedded(t, r, commaDecimal),
  'num-comma-decimal-in': (t, r) => embedded(t, r, commaDecimal),
  // a dash or anything else shown for nothing
  numdash: zero,
  zerodash: zero,
  'fixed-zero': zero,
  // whole and fractional parts separated by unit words
  numunitdecimal: unitDecimal,
  'num-unit-decimal': unitDecimal,
  numunitdecimalin: (t, r) => embedded(t, r, unitDecimal),
  'num-unit-decimal-in': (t, r) => embedded(t, r, unitDecimal),
  // SEC rules
  numwordsen: wordsEn,
  'num-words-en': wordsEn,
};

/** Apply a numeric transformation rule, named by its local name (`num-dot-decimal`), to the fact's text. */
export function transformNumber(rule: string, text: string): string {
  const fn = NUMERIC[rule];
  if (!fn) throw new TransformError(`unsupported number format ${rule}`);
  return fn(text, rule);
}

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12,
};

function iso(y: number, m: number, d: number): string | null {
  if (y < 100) y += 2000;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

function month(name: string): number | undefined {
  return name.length >= 3 ? MONTHS[name.toLowerCase().slice(0, 3)] : undefined;
}

/**
 * A date written for people ("March 29, 2025", "29 March 2025", "03/29/2025") as YYYY-MM-DD, or null. Only used
 * for dei:DocumentPeriodEndDate, which falls back to its context's period end when this returns null.
 */
export function transformDate(rule: string | null, text: string): string | null {
  const t = text.trim().replace(/\s+/g, ' ');
  let m = t.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = t.match(/^([A-Za-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/);
  if (m) {
    const mo = month(m[1] ?? '');
    return mo ? iso(Number(m[3]), mo, Number(m[2])) : null;
  }
  m = t.match(/^(\d{1,2})(?:st|nd|rd|th)? ([A-Za-z]+)\.?,? (\d{4})$/);
  if (m) {
    const mo = month(m[2] ?? '');
    return mo ? iso(Number(m[3]), mo, Number(m[1])) : null;
  }
  m = t.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/);
  if (m) {
    const dayFirst = rule !== null && /(day-month|dayMonth|daymonth|eu$)/i.test(rule);
    const a = Number(m[1]);
    const b = Number(m[2]);
    return dayFirst ? iso(Number(m[3]), b, a) : iso(Number(m[3]), a, b);
  }
  return null;
}
