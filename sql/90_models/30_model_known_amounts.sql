-- Grain: one row per distinct annual fact value of a company over its latest three fiscal years (as reported,
-- undimensioned): the figures a model's free text may quote ("$2.1 billion" must round from one of these).
CREATE OR REPLACE MACRO model_known_amounts(p_cik) AS TABLE
SELECT DISTINCT abs(u.value)::DOUBLE AS v
FROM as_reported(p_cik, 'annual', 3, NULL) r, unnest(map_values(r.facts)) AS u(value)
WHERE u.value IS NOT NULL;
