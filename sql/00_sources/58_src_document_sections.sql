-- Source view: one row per (accession, filename, code): a section of a stored document text; section_start and
-- section_end are 0-based code-point offsets into src_document_text.text, end exclusive.
CREATE OR REPLACE VIEW src_document_sections AS
SELECT * FROM read_parquet(getvariable('warehouse') || '/document_sections/bucket=*/*.parquet',
  hive_partitioning = true, hive_types = {'bucket': INTEGER}, union_by_name = true);
