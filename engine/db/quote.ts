// The only way text is spliced into SQL: identifiers and file paths, quoted. Values are always bound.

/** Quote an SQL identifier ("name"), rejecting NUL. */
export function quoteIdentifier(name: string): string {
  if (name.length === 0 || name.includes('\u0000')) throw new Error('invalid SQL identifier');
  return `"${name.replaceAll('"', '""')}"`;
}

/** Quote a file path as an SQL string literal, rejecting NUL and newlines. */
export function quotePath(p: string): string {
  if (p.length === 0 || p.includes('\u0000') || /[\r\n]/.test(p)) throw new Error('invalid path for SQL');
  return `'${p.replaceAll("'", "''")}'`;
}
