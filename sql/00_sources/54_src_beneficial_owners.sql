-- Source view (rename and cast only) over the beneficial_owners dataset.
CREATE OR REPLACE VIEW src_beneficial_owners AS
SELECT * FROM read_parquet(getvariable('warehouse') || '/beneficial_owners/*.parquet', union_by_name = true);
