// The fund series and share classes an SGML submission header lists (<SERIES-AND-CLASSES-CONTRACTS-DATA>, written by
// EDGAR on every investment-company filing: N-PORT, N-CEN, N-CSR, 485BPOS, 497...): series id and name, class ids,
// names and tickers. The block is tag-structured in both container formats, so it is read from the raw header text.
import type { Batch } from '../Batch.ts';

const SERIES = /<SERIES>([\s\S]*?)<\/SERIES>/g;
const CLASS = /<CLASS-CONTRACT>([\s\S]*?)<\/CLASS-CONTRACT>/g;

function tag(block: string, name: string): string | null {
  const m = new RegExp(`<${name}>([^<\\r\\n]*)`).exec(block);
  const v = m?.[1]?.trim();
  return v ? v : null;
}

/** Adds fund_series / fund_classes rows (source sgml-header) for each series block of the header; none for other filings. */
export function readHeaderFundSeries(header: string, accession: string, asOf: string, batch: Batch): void {
  const at = header.indexOf('<SERIES-AND-CLASSES-CONTRACTS-DATA>');
  if (at < 0) return;
  // merger blocks name the acquiring and target series' owners differently; existing and new series are what we list
  for (const m of header.slice(at).matchAll(SERIES)) {
    const block = m[1] ?? '';
    const cik = Number(tag(block, 'OWNER-CIK') ?? NaN);
    const seriesId = tag(block, 'SERIES-ID');
    if (!Number.isInteger(cik) || cik <= 0 || !seriesId || !/^S\d{9}$/i.test(seriesId)) continue;
    batch.fund_series.push({ cik, seriesId, seriesName: tag(block, 'SERIES-NAME'), lei: null, source: 'sgml-header', accession, asOf });
    for (const c of block.matchAll(CLASS)) {
      const cls = c[1] ?? '';
      const classId = tag(cls, 'CLASS-CONTRACT-ID');
      if (!classId || !/^C\d{9}$/i.test(classId)) continue;
      batch.fund_classes.push({
        cik, seriesId, classId, className: tag(cls, 'CLASS-CONTRACT-NAME'), ticker: tag(cls, 'CLASS-CONTRACT-TICKER-SYMBOL'),
        source: 'sgml-header', accession, asOf,
      });
    }
  }
}
