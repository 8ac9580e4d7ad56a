-- Grain: one stored row of output `dataset` ('periods' or 'statements') per row of each company in `ciks`, read from the
-- stored files of the cik buckets `bs`: the one read every rendered-answer macro (engine/serving) starts from. bs, ciks:
-- comma-separated integers (bucket numbers; the companies, all in those buckets), so a pass over many buckets is one
-- statement with bound parameters.
CREATE OR REPLACE MACRO stored_rows_of(dataset, bs, ciks) AS TABLE
WITH wanted AS (
  SELECT string_split(ciks, ',')::INTEGER[] AS list
)
SELECT r.*
FROM read_parquet(list_transform(string_split(bs, ','), b -> getvariable('warehouse') || '/' || dataset || '/bucket=' || b || '/*.parquet'),
                  hive_partitioning := false) r, wanted w
WHERE r.cik BETWEEN list_min(w.list) AND list_max(w.list) AND list_contains(w.list, r.cik::INTEGER);
