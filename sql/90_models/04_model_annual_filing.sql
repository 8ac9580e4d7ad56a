-- Grain: at most one row per company: its latest annual report (10-K, 20-F or 40-F, newest report period; an
-- amendment only when it is the newest) whose primary document text is stored: what a company model is built from
-- (model_annual_document reads its text). A stored model built from another accession is stale (engine/models).
CREATE OR REPLACE MACRO model_annual_filing(p_cik) AS TABLE
SELECT f.accession, f.form, f.filed, f.report_date, f.fy, t.filename, t.edgar_file
FROM filing_index f
JOIN filing_texts t ON t.accession = f.accession AND t.is_primary
WHERE list_contains(f.ciks, p_cik) AND regexp_matches(f.form, '^(10-K|20-F|40-F)(/A)?$')
ORDER BY f.report_date DESC NULLS LAST, f.filed DESC NULLS LAST, f.form LIKE '%/A', f.accession DESC
LIMIT 1;
