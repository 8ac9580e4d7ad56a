-- Source view (rename and cast only): one row per numeric XBRL fact as filed, per source.
-- Grain: source, accession, concept, unit, period, dimensions. Read one company with facts_of(cik).
CREATE OR REPLACE VIEW src_facts AS
SELECT * FROM read_parquet(getvariable('warehouse') || '/facts/bucket=*/*.parquet',
  hive_partitioning = true, hive_types = {'bucket': INTEGER}, union_by_name = true);

-- One company's facts: the bucket predicate prunes folders, the cik predicate prunes row groups.
CREATE OR REPLACE MACRO facts_of(c) AS TABLE
SELECT * FROM src_facts WHERE bucket = cik_bucket(c) AND cik = c;
