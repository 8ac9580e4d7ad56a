-- The stored document texts of filings with their place in the submission: the primary document is the one the
-- submission lists first. A document the submission names no file for (1990s filings) is stored as
-- '<sequence>.txt' and is read on EDGAR in the full submission '<accession>.txt'.
-- Grain: accession, filename. Key: (accession, filename).
CREATE OR REPLACE VIEW filing_texts AS
SELECT t.bucket, t.cik, t.accession, t.filename, t.type, t.form,
  coalesce(d.sequence, 1000000) AS sequence,
  CASE WHEN d.named THEN t.filename ELSE t.accession || '.txt' END AS edgar_file,
  row_number() OVER (PARTITION BY t.accession ORDER BY coalesce(d.sequence, 1000000), t.filename) = 1 AS is_primary
FROM (SELECT bucket, cik, accession, filename, type, form FROM src_document_text) t
LEFT JOIN (
  SELECT accession, coalesce(filename, sequence::VARCHAR || '.txt') AS filename, filename IS NOT NULL AS named,
    min(sequence) AS sequence
  FROM src_filing_documents GROUP BY ALL
) d ON d.accession = t.accession AND d.filename = t.filename;
