-- One row per (cik, accession): a company's filings (every company's when p_cik is NULL), the submissions JSON row
-- preferred (it carries items and the primary document), other sources filling what it lacks. Key: cik, accession.
CREATE OR REPLACE MACRO filing_rows(p_cik) AS TABLE
WITH scoped AS (
  SELECT * FROM src_filings
  WHERE p_cik IS NULL OR (bucket = cik_bucket(p_cik) AND cik = p_cik)
),
ranked AS (
  SELECT *,
    max(filed) OVER (PARTITION BY cik, accession) AS any_filed,
    max(report_date) OVER (PARTITION BY cik, accession) AS any_report_date,
    row_number() OVER (PARTITION BY cik, accession ORDER BY (source = 'submissions') DESC, len(items) DESC, source) AS pick
  FROM scoped
  WHERE accession IS NOT NULL AND form IS NOT NULL
)
SELECT cik, accession, form, coalesce(filed, any_filed) AS filed, accepted,
  coalesce(report_date, any_report_date) AS report_date, coalesce(is_amendment, form LIKE '%/A') AS is_amendment, items,
  coalesce(is_xbrl, false) OR coalesce(is_inline_xbrl, false) AS is_xbrl, primary_document, primary_doc_description,
  documents, size, file_number
FROM ranked
WHERE pick = 1 AND coalesce(filed, any_filed) IS NOT NULL;
