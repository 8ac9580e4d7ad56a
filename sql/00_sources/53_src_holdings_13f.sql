-- Source view (rename and cast only) over the holdings_13f dataset.
CREATE OR REPLACE VIEW src_holdings_13f AS
SELECT * FROM read_parquet(getvariable('warehouse') || '/holdings_13f/*.parquet', union_by_name = true);
