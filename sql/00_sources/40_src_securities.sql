-- Source view: one row per security identifier mapping (ticker / CUSIP / FIGI to issuer) per source.
CREATE OR REPLACE VIEW src_securities AS
SELECT * FROM read_parquet(getvariable('warehouse') || '/securities/*.parquet', union_by_name = true);
