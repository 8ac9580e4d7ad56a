// Bytes of an SEC document to a string: UTF-8 when the bytes are valid UTF-8, else Windows-1252, the code page
// of most pre-2010 filings (smart quotes and dashes in the 0x80-0x9F range that Latin-1 would lose).
const utf8 = new TextDecoder('utf-8', { fatal: true });
const cp1252 = new TextDecoder('windows-1252');

export function decodeBytes(input: Buffer | string): string {
  if (typeof input === 'string') return input;
  try {
    return utf8.decode(input);
  } catch {
    return cp1252.decode(input);
  }
}
