-- Grain: one row per distinct annual fact value of a company over its latest three fiscal years: model_known_amounts
-- read from the `periods` dataset materialized at ingest (as_reported_stored). Valid while that reflects every ingest.
CREATE OR REPLACE MACRO model_known_amounts_stored(p_cik) AS TABLE
SELECT DISTINCT abs(u.value)::DOUBLE AS v
FROM as_reported_stored(p_cik, 'annual', 3) r, unnest(map_values(r.facts)) AS u(value)
WHERE u.value IS NOT NULL;
