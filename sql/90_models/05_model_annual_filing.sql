-- Grain: at most one row per company: its latest original annual report (10-K, 20-F or 40-F; amendments only when no
-- original exists), newest report period first: the filing a company model is built from.
CREATE OR REPLACE MACRO model_annual_filing(p_cik) AS TABLE
SELECT f.cik::INTEGER AS cik, f.accession, f.form, f.filed::VARCHAR AS filed, f.report_date::VARCHAR AS report_date,
  f.primary_document, f.fy::INTEGER AS fiscal_year
FROM src_filings f
WHERE f.cik = p_cik AND regexp_matches(f.form, '^(10-K|20-F|40-F)(/A)?$')
ORDER BY f.form LIKE '%/A', f.report_date DESC NULLS LAST, f.filed DESC NULLS LAST, f.accession DESC
LIMIT 1;
