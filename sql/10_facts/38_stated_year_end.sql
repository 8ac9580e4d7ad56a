-- Grain: one row per company of the entity rows `entity_rows` (a relation shaped like src_entities) that states a
-- fiscal year end: the newest stated, a submissions description first (as entity_description prefers it), MMDD as
-- sub.txt fye and submissions fiscalYearEnd write it. fiscal_calendar reads it for companies whose facts hold
-- three-month spans only; a refresh reads it over the entity files an ingest committed, to recompute those companies.
CREATE OR REPLACE MACRO stated_year_end(entity_rows) AS TABLE
SELECT cik, arg_max(fiscal_year_end, ((source = 'submissions')::INTEGER, as_of)) AS fye
FROM query_table(entity_rows)
WHERE regexp_full_match(coalesce(fiscal_year_end, ''), '(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])')
GROUP BY cik;

-- Grain: one row per company (cik, its bucket) that states a fiscal year end in the entity rows `entity_rows` and has
-- facts: the companies whose periods a newly stated year end can change.
CREATE OR REPLACE MACRO companies_stating_year_end(entity_rows) AS TABLE
SELECT s.cik::BIGINT AS cik, cik_bucket(s.cik) AS bucket
FROM stated_year_end(entity_rows) s
WHERE EXISTS (SELECT 1 FROM src_facts f WHERE f.bucket = cik_bucket(s.cik) AND f.cik = s.cik)
ORDER BY s.cik;
