-- The filings index by accession alone: for each accession, the row of the filings index (filing_index_rows) of the
-- company whose best source ranks first (then the lowest cik): an accession filed for several companies (a parent and
-- its subsidiary, an issuer and its insider) is one row, and `ciks` lists every company that lists it (sorted), so a
-- company's filings are those whose `ciks` contain it. Pseudo-accessions of documents ingested without one (hash-...)
-- are left out. Grain: accession. Key: accession.
CREATE OR REPLACE VIEW filing_index AS
SELECT accession, bucket, cik, form, filed, accepted, report_date, items, is_xbrl, is_inline_xbrl, primary_document, fy,
  file_number, sources, list_sort(list(cik) OVER (PARTITION BY accession)) AS ciks
FROM filing_index_rows(NULL, NULL)
WHERE accession NOT LIKE 'hash-%'
QUALIFY row_number() OVER (PARTITION BY accession ORDER BY source_rank, cik) = 1;
