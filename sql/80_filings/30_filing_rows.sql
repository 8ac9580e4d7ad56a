-- One row per (cik, accession) with a filing date: a company's filings (every company's when p_cik is NULL) from the
-- one filings index (sql/70_documents/05_filing_index_rows.sql states the precedence between sources). p_stored: read
-- the stored index (a point read of the company's bucket file) instead of merging the sources now; the caller passes
-- true only while the stored outputs reflect every ingest (the *_stored twins the API picks, engine/query/macroCall).
-- p_bucket (with p_cik NULL): the companies of one cik bucket, as the materialize step computes them.
-- query() binds only the branch named, so the stored folder need not exist when p_stored is false. Key: cik, accession.
CREATE OR REPLACE MACRO filing_rows(p_cik, p_stored := false, p_bucket := NULL) AS TABLE
SELECT cik, accession, form, filed, accepted, report_date, is_amendment, items, is_xbrl, primary_document,
  primary_doc_description, documents, size, file_number
FROM query(CASE WHEN p_stored THEN 'FROM filing_index_stored(NULL)' ELSE 'FROM filing_index_rows(NULL, NULL)' END)
WHERE (p_cik IS NULL OR (bucket = cik_bucket(p_cik) AND cik = p_cik))
  AND (p_bucket IS NULL OR bucket = p_bucket)
  AND filed IS NOT NULL;
