// CUSIPs for the demo issuers: eight characters plus the standard check digit, so they read like real ones.
import { defined } from '../engine/query/defined.ts';

function charValue(ch: string): number {
  if (/[0-9]/.test(ch)) return Number(ch);
  if (/[A-Z]/.test(ch)) return ch.charCodeAt(0) - 55;
  return { '*': 36, '@': 37, '#': 38 }[ch] ?? 0;
}

/** The ninth character of a CUSIP from its first eight (the "modulus 10 double add double" rule). */
export function cusipCheckDigit(base8: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    let v = charValue(defined(base8[i], 'base8[i]').toUpperCase());
    if (i % 2 === 1) v *= 2;
    sum += Math.floor(v / 10) + (v % 10);
  }
  return String((10 - (sum % 10)) % 10);
}

export function cusipOf(base8: string): string {
  return `${base8}${cusipCheckDigit(base8)}`;
}
