// The filing-centric outputs of the per-bucket materialize step: the filings index (filing_index_rows, sorted by
// (cik, filed) so a company's filings are a point read) and the per-company answers computed from it as of the
// refresh (filing_timeline_rows, earnings_calendar_rows), read back by the _stored macros (sql/70_documents/
// 11_filing_index_stored.sql, sql/80_filings/90_filings_stored.sql, and 91_filing_index.stored.sql, which loads once
// the folder holds Parquet). The bucket is the hive folder, not a column.
export const FILINGS_OUTPUTS = [
  {
    folder: 'filing_index',
    file: 'filing_index.parquet',
    bindsBucket: true,
    select: 'SELECT * EXCLUDE (bucket) FROM filing_index_rows($b::INTEGER, NULL) ORDER BY cik, filed, accession',
  },
  {
    folder: 'filing_timeline',
    file: 'filing_timeline.parquet',
    bindsBucket: true,
    select: 'SELECT * FROM filing_timeline_rows(NULL, $b::INTEGER) ORDER BY cik',
  },
  {
    folder: 'earnings_calendar',
    file: 'earnings_calendar.parquet',
    bindsBucket: true,
    select: 'SELECT * FROM earnings_calendar_rows(NULL, $b::INTEGER) ORDER BY cik, day DESC, status',
  },
] as const;
