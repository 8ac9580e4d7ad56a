-- Source view: one row per label of an XBRL element, from label linkbases and FS/FSN tag tables.
-- Grain: source, cik, accession, document, element, role, lang. member_name reads it.
CREATE OR REPLACE VIEW src_labels AS
SELECT * FROM read_parquet(getvariable('warehouse') || '/labels/*.parquet', union_by_name = true);
