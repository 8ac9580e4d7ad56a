-- Grain: one row per undimensioned numeric fact of a periodic report, per source, for one bucket / company / as-of date.
-- b: cik bucket; c: a cik, or NULL for the whole bucket (bulk materialization); as_of: DATE, NULL = everything ingested;
-- cik_lo / cik_hi (optional, NULL = open): only the bucket's companies in that cik range (a refresh's slice of a bucket);
-- ciks (optional list, NULL = all): only those companies (a refresh of the companies an ingest changed).
-- Periodic reports only (is_periodic_form).
-- As-of gating uses `filed` (acceptance date in companyfacts; never earlier than acceptance), so no look-ahead.
CREATE OR REPLACE MACRO fact_scope(b, c, as_of, cik_lo := NULL, cik_hi := NULL, ciks := NULL) AS TABLE
SELECT f.cik, f.accession, f.form, f.filed, f.concept, f.unit, f.value, f.decimals,
       f.period_start, f.period_end, f.fy, f.fp, f.source
FROM src_facts f
WHERE f.bucket = b
  AND (c IS NULL OR f.cik = c)
  AND cik_in_scope(f.cik, cik_lo, cik_hi, ciks)
  AND f.dim_key = ''
  AND (as_of IS NULL OR f.filed <= as_of)
  AND is_periodic_form(f.form);
