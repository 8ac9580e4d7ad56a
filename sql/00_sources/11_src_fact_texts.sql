-- Source view (rename and cast only): one row per short non-numeric XBRL fact as filed (trading symbols, class names,
-- dates), per source. Grain: source, accession, concept, period, dimensions. Read one company with fact_texts_of(cik).
CREATE OR REPLACE VIEW src_fact_texts AS
SELECT * FROM read_parquet(getvariable('warehouse') || '/fact_texts/bucket=*/*.parquet',
  hive_partitioning = true, hive_types = {'bucket': INTEGER}, union_by_name = true);

CREATE OR REPLACE MACRO fact_texts_of(c) AS TABLE
SELECT * FROM src_fact_texts WHERE bucket = cik_bucket(c) AND cik = c;
