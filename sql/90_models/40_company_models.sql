-- Grain: one row per company with a finished model (the job runner's files, <warehouse>/_models/models/<cik>.json, one
-- JSON line each): the stored models as built and verified. The folder exists once an API process has started; before
-- that, calling this says no files were found. (The glob is a parameter so that DuckDB binds it at call time, not
-- when the macro is created.)
CREATE OR REPLACE MACRO company_models(models_glob := '/_models/models/*.json') AS TABLE
SELECT * FROM read_json(getvariable('warehouse') || models_glob, format = 'newline_delimited',
  columns = {cik: 'INTEGER', jobId: 'VARCHAR', generatedAt: 'VARCHAR', provider: 'VARCHAR', filing: 'JSON', economicModel: 'JSON', businessModel: 'JSON'});
