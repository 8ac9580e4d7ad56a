-- Grain: one row per period of each company in `ciks`, ordered by cik, newest first: balance_sheet_stored(cik, period,
-- NULL, currency) of many companies in one read of the stored `statements` files of the cik buckets `bs` (balance_sheet_lines
-- carries cik), which the rendered-answer store (engine/serving) renders after a periods refresh. bs, ciks: comma-
-- separated integers (bucket numbers; the companies, all in those buckets).
CREATE OR REPLACE MACRO balance_sheet_rendered(bs, ciks, period, currency) AS TABLE
WITH wanted AS (
  SELECT string_split(ciks, ',')::INTEGER[] AS list
),
sv AS (
  SELECT s.*
  FROM read_parquet(list_transform(string_split(bs, ','), b -> getvariable('warehouse') || '/statements/bucket=' || b || '/*.parquet'),
                    hive_partitioning := false) s, wanted w
  WHERE s.cik BETWEEN list_min(w.list) AND list_max(w.list) AND list_contains(w.list, s.cik::INTEGER)
)
SELECT * FROM balance_sheet_lines('sv', period, NULL, currency, NULL);
