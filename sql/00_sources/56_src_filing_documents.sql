-- Source view: one row per (source, cik, accession, sequence, filename): a document of a filing as its submission lists
-- it, under every company that lists the filing (the text is stored once: src_document_text).
CREATE OR REPLACE VIEW src_filing_documents AS
SELECT * FROM read_parquet(getvariable('warehouse') || '/filing_documents/bucket=*/*.parquet',
  hive_partitioning = true, hive_types = {'bucket': INTEGER}, union_by_name = true);
