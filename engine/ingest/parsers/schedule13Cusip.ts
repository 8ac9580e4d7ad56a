// A CUSIP as written on a 13D/G cover page (`00032Q104`, `53814L 10 8`, `896522-10-9`) normalised to 9 characters.
const NINE = /^[0-9A-Z]{8}[0-9]$/;

export function cusipOf(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const t = raw.toUpperCase().replace(/[\s-]/g, '');
  return NINE.test(t) ? t : null;
}

/** The first CUSIP-looking token of a piece of cover-page text. */
export function findCusip(textOf: string): string | null {
  for (const m of textOf.toUpperCase().matchAll(/(?<![0-9A-Z])([0-9A-Z]{6})[\s-]?([0-9A-Z]{2})[\s-]?([0-9])(?![0-9A-Z])/g)) {
    const c = `${String(m[1])}${String(m[2])}${String(m[3])}`;
    // a bare 9-digit token with no letters can be a phone or file number; require it to look like an issue number
    if (/\d/.test(c) && NINE.test(c)) return c;
  }
  return null;
}
