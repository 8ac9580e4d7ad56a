-- Source view: one row per registrant description (cik, source, as_of).
CREATE OR REPLACE VIEW src_entities AS
SELECT * FROM read_parquet(getvariable('warehouse') || '/entities/*.parquet', union_by_name = true);
