-- Source view (rename and cast only) over the form13f_reports dataset.
CREATE OR REPLACE VIEW src_form13f_reports AS
SELECT * FROM read_parquet(getvariable('warehouse') || '/form13f_reports/*.parquet', union_by_name = true);
