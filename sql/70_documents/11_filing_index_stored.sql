-- Reading what the materialize step stores per cik bucket (engine/financials/filingsOutputs.ts): one Parquet file per
-- bucket and output folder, sorted by cik, so a company's rows are one file's few row groups. p_bucket NULL: every
-- bucket (a filter on the hive column `bucket` then prunes files). The path depends on the parameters, so a macro
-- binds only when called (the folder may not exist yet); callers read it only while the stored outputs reflect every
-- ingest (the *_stored twins the API picks, engine/query/macroCall).
CREATE OR REPLACE MACRO filings_stored_output(p_folder, p_bucket) AS TABLE
SELECT * FROM read_parquet(getvariable('warehouse') || '/' || p_folder || '/bucket=' || coalesce(p_bucket::VARCHAR, '*') || '/*.parquet',
  hive_partitioning = true, hive_types = {'bucket': INTEGER});

-- The stored filings index: filing_index_rows of each bucket, sorted by (cik, filed). Grain: cik, accession.
CREATE OR REPLACE MACRO filing_index_stored(p_bucket) AS TABLE
SELECT * FROM filings_stored_output('filing_index', p_bucket);
