-- Source view (rename and cast only) over the nport_returns dataset.
CREATE OR REPLACE VIEW src_nport_returns AS
SELECT * FROM read_parquet(getvariable('warehouse') || '/nport_returns/*.parquet', union_by_name = true);
