-- Grain: one row per company (none when it has no annual income statement): model_fact_profile_of over the `statements`
-- and `periods` datasets materialized at ingest (the *_stored statement macros), so a model build reads a company's
-- stored rows instead of running the period engine. Valid while the stored results reflect every ingest.
CREATE OR REPLACE MACRO model_fact_profile_stored(p_cik) AS TABLE
WITH mf_inc AS (SELECT * FROM income_statement_stored(p_cik, 'annual', 3, 'original')),
mf_cf AS (SELECT * FROM cash_flow_stored(p_cik, 'annual', 3, 'original')),
mf_bs AS (SELECT * FROM balance_sheet_stored(p_cik, 'annual', 1, 'original')),
mf_ar AS (SELECT * FROM as_reported_stored(p_cik, 'annual', 3))
SELECT * FROM model_fact_profile_of(p_cik, 'mf_inc', 'mf_cf', 'mf_bs', 'mf_ar');
