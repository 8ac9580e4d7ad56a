-- Grain: one row per (cik, accession, concept, unit, period_start, period_end): each filing's value of each fact.
-- The same accession may arrive from several sources; its facts come from the richest one as a whole
-- (xbrl-instance > inline-xbrl > companyfacts > fsds), then the most precise value (decimals NULL = INF first).
-- `vintage` orders a company's filings (newest wins): acceptance timestamp from src_filings when known, then filed,
-- then accession; it is a dense rank so that windows and arg_max sort integers, not tuples. An undated filing (a
-- standalone instance file with no EDGAR header, keyed by a content hash) ranks oldest and is used only for facts no
-- dated filing reported.
CREATE OR REPLACE MACRO fact_observations(b, c, as_of) AS TABLE
WITH all_sources AS MATERIALIZED (
  SELECT * FROM fact_scope(b, c, as_of)
),
scoped AS MATERIALIZED (
  -- each accession's facts from its best source only (see source_class_rank)
  SELECT * FROM all_sources
  QUALIFY source_class_rank(source) = min(source_class_rank(source)) OVER (PARTITION BY cik, accession)
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
         dense_rank() OVER (PARTITION BY f.cik ORDER BY coalesce(a.accepted, f.filed::TIMESTAMP) NULLS FIRST, f.filed NULLS FIRST, f.accession)::INTEGER AS vintage
  FROM filings f LEFT JOIN accepted a USING (accession)
),
joined AS MATERIALIZED (
  SELECT o.*, r.form, r.amendment, r.date_filed, r.vintage
  FROM collapsed o JOIN ranked r USING (cik, accession)
),
undated AS (
  SELECT * FROM joined WHERE date_filed IS NULL
),
dated_keys AS (
  -- only for companies that have undated observations (usually none, and then this is empty and cheap)
  SELECT DISTINCT cik, concept, unit, period_start, period_end FROM joined
  WHERE date_filed IS NOT NULL AND cik IN (SELECT cik FROM undated)
)
SELECT * FROM joined WHERE date_filed IS NOT NULL
UNION ALL
-- an undated observation counts only where no dated filing reported the fact: it is most likely the same report as
-- one of them (whose accession it could not name), and must neither take its credit nor override a later value
SELECT u.* FROM undated u ANTI JOIN dated_keys d USING (cik, concept, unit, period_start, period_end);
