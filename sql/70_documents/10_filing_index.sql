-- The filings index: one row per accession, every source that describes it merged (submissions JSON first, then the
-- SGML header, then the EDGAR full-index files; within a field the first source that states it wins).
-- Grain: accession. Key: accession.
CREATE OR REPLACE VIEW filing_index AS
WITH ranked AS (
  SELECT *,
    CASE source WHEN 'submissions' THEN 1 WHEN 'sgml-header' THEN 2 WHEN 'demo' THEN 3 WHEN 'full-index' THEN 5 ELSE 4 END AS source_rank
  FROM src_filings
  WHERE accession NOT LIKE 'hash-%'
)
SELECT
  accession,
  first(bucket ORDER BY source_rank) AS bucket,
  first(cik ORDER BY source_rank) AS cik,
  first(form ORDER BY source_rank) AS form,
  first(filed ORDER BY source_rank) FILTER (WHERE filed IS NOT NULL) AS filed,
  first(accepted ORDER BY source_rank) FILTER (WHERE accepted IS NOT NULL) AS accepted,
  first(report_date ORDER BY source_rank) FILTER (WHERE report_date IS NOT NULL) AS report_date,
  first(items ORDER BY source_rank) FILTER (WHERE len(items) > 0) AS items,
  bool_or(is_xbrl) AS is_xbrl,
  bool_or(is_inline_xbrl) AS is_inline_xbrl,
  first(primary_document ORDER BY source_rank) FILTER (WHERE primary_document IS NOT NULL) AS primary_document,
  first(fy ORDER BY source_rank) FILTER (WHERE fy IS NOT NULL) AS fy,
  first(file_number ORDER BY source_rank) FILTER (WHERE file_number IS NOT NULL) AS file_number,
  list(DISTINCT source ORDER BY source) AS sources
FROM ranked
GROUP BY accession;
