-- Grain: one row per undimensioned numeric fact of a periodic report, per source, for one bucket / company / as-of date.
-- b: cik bucket; c: a cik, or NULL for the whole bucket (bulk materialization); as_of: DATE, NULL = everything ingested.
-- Periodic reports only: 8-K exhibits, proxies and prospectuses carry XBRL too but are not the financial statements.
-- As-of gating uses `filed` (acceptance date in companyfacts; never earlier than acceptance), so no look-ahead.
CREATE OR REPLACE MACRO is_periodic_form(form) AS
  regexp_full_match(coalesce(form, ''), '(10-K|10-KT|10-K405|10-Q|10-QT|20-F|40-F|6-K)(/A)?');

CREATE OR REPLACE MACRO fact_scope(b, c, as_of) AS TABLE
SELECT f.cik, f.accession, f.form, f.filed, f.concept, f.unit, f.value, f.decimals,
       f.period_start, f.period_end, f.fy, f.fp, f.source
FROM src_facts f
WHERE f.bucket = b
  AND (c IS NULL OR f.cik = c)
  AND f.dim_key = ''
  AND (as_of IS NULL OR f.filed <= as_of)
  AND is_periodic_form(f.form);
