-- Grain: one row per period of each company in `ciks`, ordered by cik, newest first: income_statement_stored(cik, period,
-- NULL, currency) of many companies in one read (stored_rows_of) of the stored `statements` files of the cik buckets `bs` (income_statement_lines
-- carries cik), which the rendered-answer store (engine/serving) renders after a periods refresh. bs, ciks: comma-
-- separated integers (bucket numbers; the companies, all in those buckets).
CREATE OR REPLACE MACRO income_statement_rendered(bs, ciks, period, currency) AS TABLE
WITH sv AS (
  SELECT * FROM stored_rows_of('statements', bs, ciks)
)
SELECT * FROM income_statement_lines('sv', period, NULL, currency, NULL);
