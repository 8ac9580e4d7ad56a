-- Source view: one row per (accession, filename): the readable text of a document (engine/documents).
CREATE OR REPLACE VIEW src_document_text AS
SELECT * FROM read_parquet(getvariable('warehouse') || '/document_text/bucket=*/*.parquet',
  hive_partitioning = true, hive_types = {'bucket': INTEGER}, union_by_name = true);
