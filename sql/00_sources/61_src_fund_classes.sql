-- Source view (rename and cast only) over the fund_classes dataset.
CREATE OR REPLACE VIEW src_fund_classes AS
SELECT * FROM read_parquet(getvariable('warehouse') || '/fund_classes/*.parquet', union_by_name = true);
