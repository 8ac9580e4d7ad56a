// Rows of a member of the SEC Financial Statement Data Sets (sub.txt, num.txt, ...: tab-separated, a header line),
// read in tests to compare the warehouse with what the data set files.

/** Rows of a tab-separated FS data-set member's text, each keyed by the header's column names. */
export function fsDataSetRows(text: string): Record<string, string>[] {
  const lines = text.split('\n');
  const head = (lines[0] ?? '').split('\t');
  return lines.slice(1).filter((l) => l.includes('\t'))
    .map((l) => { const cells = l.split('\t'); return Object.fromEntries(head.map((h, i) => [h, cells[i] ?? ''])); });
}
