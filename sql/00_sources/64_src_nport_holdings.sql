-- Source view (rename and cast only) over the nport_holdings dataset.
CREATE OR REPLACE VIEW src_nport_holdings AS
SELECT * FROM read_parquet(getvariable('warehouse') || '/nport_holdings/*.parquet', union_by_name = true);
