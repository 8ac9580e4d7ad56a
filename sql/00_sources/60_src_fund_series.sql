-- Source view (rename and cast only) over the fund_series dataset.
CREATE OR REPLACE VIEW src_fund_series AS
SELECT * FROM read_parquet(getvariable('warehouse') || '/fund_series/*.parquet', union_by_name = true);
