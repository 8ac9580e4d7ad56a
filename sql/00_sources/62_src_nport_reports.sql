-- Source view (rename and cast only) over the nport_reports dataset.
CREATE OR REPLACE VIEW src_nport_reports AS
SELECT * FROM read_parquet(getvariable('warehouse') || '/nport_reports/*.parquet', union_by_name = true);
