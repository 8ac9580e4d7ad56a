-- Grain: one row per company (none when it has no annual income statement): model_fact_profile_of over statements
-- computed by the period engine (point in time of everything ingested). model_fact_profile_stored answers the same from
-- the statements materialized at ingest; engine/models picks that one while they reflect every ingest.
CREATE OR REPLACE MACRO model_fact_profile(p_cik) AS TABLE
WITH mf_inc AS (SELECT * FROM income_statement(p_cik, 'annual', 3, 'original', NULL)),
mf_cf AS (SELECT * FROM cash_flow(p_cik, 'annual', 3, 'original', NULL)),
mf_bs AS (SELECT * FROM balance_sheet(p_cik, 'annual', 1, 'original', NULL)),
mf_ar AS (SELECT * FROM as_reported(p_cik, 'annual', 3, NULL))
SELECT * FROM model_fact_profile_of(p_cik, 'mf_inc', 'mf_cf', 'mf_bs', 'mf_ar');
