-- Grain: one row per (cik, accession, concept, unit, period_start, period_end): each filing's value of each fact.
-- The same fact of the same accession may arrive from several sources; the richest wins:
-- xbrl-instance > inline-xbrl > companyfacts > fsds, then the most precise (decimals NULL = INF first).
-- `vintage` orders a company's filings (newest wins): acceptance timestamp from src_filings when known, then filed,
-- then accession; it is a dense rank so that windows and arg_max sort integers, not tuples.
CREATE OR REPLACE MACRO fact_source_rank(source, decimals) AS
  (CASE source WHEN 'xbrl-instance' THEN 1 WHEN 'inline-xbrl' THEN 2 WHEN 'companyfacts' THEN 3 WHEN 'fsds' THEN 4 ELSE 5 END) * 1000
  + 100 - coalesce(decimals, 99);

CREATE OR REPLACE MACRO fact_observations(b, c, as_of) AS TABLE
WITH scoped AS MATERIALIZED (
  SELECT * FROM fact_scope(b, c, as_of)
),
collapsed AS (
  SELECT cik, accession, concept, unit, period_start, period_end,
         arg_min(value, fact_source_rank(source, decimals)) AS value,
         arg_min(decimals, fact_source_rank(source, decimals)) AS decimals,
         min(fy) AS fy, max(fp) AS fp
  FROM scoped
  GROUP BY ALL
),
filings AS (
  SELECT cik, accession, max(form) AS form, min(filed) AS filed FROM scoped GROUP BY ALL
),
accepted AS (
  SELECT accession, max(accepted) AS accepted, bool_or(coalesce(is_amendment, false)) AS is_amendment
  FROM src_filings
  WHERE bucket = b AND (c IS NULL OR cik = c)
  GROUP BY ALL
),
ranked AS (
  -- a standalone instance states its form as dei:DocumentType ('10-K') and amendments by AmendmentFlag only
  SELECT f.cik, f.accession,
         CASE WHEN coalesce(a.is_amendment, false) AND f.form NOT LIKE '%/A' THEN f.form || '/A' ELSE f.form END AS form,
         f.form LIKE '%/A' OR coalesce(a.is_amendment, false) AS amendment,
         coalesce(a.accepted::DATE, f.filed) AS date_filed,
         dense_rank() OVER (PARTITION BY f.cik ORDER BY coalesce(a.accepted, f.filed::TIMESTAMP), f.filed, f.accession)::INTEGER AS vintage
  FROM filings f LEFT JOIN accepted a USING (accession)
)
SELECT o.*, r.form, r.amendment, r.date_filed, r.vintage
FROM collapsed o JOIN ranked r USING (cik, accession);
