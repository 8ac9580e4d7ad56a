// ISINs for the demo securities: country code, the CUSIP, and the ISO 6166 check digit (Luhn over the digits, letters
// written as two-digit numbers A=10 ... Z=35), so they read like real ones.

export function isinOf(country: string, nsin: string): string {
  const body = `${country}${nsin}`.toUpperCase();
  const digits = body.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let sum = 0;
  // from the rightmost digit, which the check digit will follow: double every other digit starting with it
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) d *= 2;
    sum += Math.floor(d / 10) + (d % 10);
  }
  return `${body}${String((10 - (sum % 10)) % 10)}`;
}
