-- Grain: one row per (cik, concept, unit, period_start, period_end, dim_key): the footnote facts of one company, with
-- their dimensions, placed on the company's fiscal calendar (fiscal_years of the period engine).
-- b: cik bucket; c: cik; as_of: DATE or NULL (everything ingested); concepts: the concept family (list of QNames);
-- pattern: a regular expression for families filers name themselves (extension concepts), or NULL.
-- Dedupe, decided once for every footnote: the same fact repeated in several contexts of a filing (identical concept,
-- unit, period and dimensions) is one fact; a filing's facts come from its best source as a whole
-- (source_class_rank), the most precise value within it; across filings the newest filing wins (amendments included),
-- and `date_filed` is that filing's acceptance date (NULL for a standalone document with no EDGAR header).
-- `label`: FY (annual duration ending on the year end), Q1..Q4 (three-month spans, numbered by their end), H1 / 9M
-- (year-to-date), and for instants the quarter whose end they fall on (Q4 = the fiscal-year end); NULL = fits nowhere.
-- `axis`/`member` are set when the fact has exactly one dimension; `dims` keeps them all.
CREATE OR REPLACE MACRO footnote_facts(b, c, as_of, concepts, pattern) AS TABLE
WITH scoped AS MATERIALIZED (
  SELECT f.cik, f.accession, f.form, f.filed, f.concept, f.unit, f.value, f.decimals, f.period_start, f.period_end,
         f.dims, f.dim_key, f.source
  FROM src_facts f
  WHERE f.bucket = b AND f.cik = c
    AND (list_contains(concepts, f.concept) OR (pattern IS NOT NULL AND regexp_matches(f.concept, pattern)))
    AND (as_of IS NULL OR f.filed <= as_of)
    AND is_periodic_form(f.form)
  QUALIFY source_class_rank(f.source) = min(source_class_rank(f.source)) OVER (PARTITION BY f.accession)
),
accepted AS (
  SELECT accession, max(accepted)::DATE AS accepted FROM src_filings WHERE bucket = b AND cik = c GROUP BY ALL
),
per_filing AS (
  -- one value per filing and fact: repeated contexts collapse here
  SELECT s.cik, s.accession, s.concept, s.unit, s.period_start, s.period_end, s.dim_key,
         any_value(s.dims) AS dims,
         arg_min(s.value, fact_source_rank(s.source, s.decimals)) AS value,
         arg_min(s.decimals, fact_source_rank(s.source, s.decimals)) AS decimals,
         coalesce(any_value(a.accepted), min(s.filed)) AS date_filed
  FROM scoped s LEFT JOIN accepted a USING (accession)
  GROUP BY ALL
),
latest AS (
  SELECT cik, concept, unit, period_start, period_end, dim_key,
         any_value(dims) AS dims,
         arg_max(value, (date_filed, accession)) AS value,
         arg_max(decimals, (date_filed, accession)) AS decimals,
         arg_max(accession, (date_filed, accession)) AS accession,
         max(date_filed) AS date_filed
  FROM per_filing
  GROUP BY ALL
),
years AS (
  SELECT * FROM fiscal_years(b, c, as_of)
),
placed AS (
  SELECT l.*, y.fiscal_year, y.fy_start, y.fy_end,
         (l.period_end - l.period_start + 1)::INTEGER AS days,
         (l.period_start - y.fy_start)::INTEGER AS start_offset,
         (l.period_end - y.fy_start + 1)::INTEGER AS end_offset
  FROM latest l
  JOIN years y ON l.cik = y.cik AND l.period_end > y.window_lo AND l.period_end <= y.window_hi
)
SELECT cik, concept, unit, period_start, period_end, dim_key, dims,
       CASE WHEN len(dims) = 1 THEN dims[1].axis END AS axis,
       CASE WHEN len(dims) = 1 THEN dims[1].member END AS member,
       value, decimals, accession, date_filed, fiscal_year,
       CASE
         WHEN period_start IS NULL THEN CASE
           WHEN fy_end IS NOT NULL AND abs(period_end - fy_end) <= 3 THEN 'Q4'
           WHEN abs(end_offset - round(end_offset / 91.3125) * 91.3125) <= 10 AND round(end_offset / 91.3125) BETWEEN 1 AND 4
             THEN 'Q' || round(end_offset / 91.3125)::INTEGER
         END
         WHEN abs(start_offset) <= 7 AND days BETWEEN 357 AND 371 AND (fy_end IS NULL OR abs(period_end - fy_end) <= 3) THEN 'FY'
         WHEN abs(start_offset) <= 7 AND days BETWEEN 84 AND 98 THEN 'Q1'
         WHEN abs(start_offset) <= 7 AND days BETWEEN 175 AND 190 THEN 'H1'
         WHEN abs(start_offset) <= 7 AND days BETWEEN 266 AND 280 THEN '9M'
         WHEN days BETWEEN 84 AND 98 AND round(end_offset / 91.3125) BETWEEN 2 AND 4
           THEN 'Q' || round(end_offset / 91.3125)::INTEGER
       END AS label
FROM placed;
