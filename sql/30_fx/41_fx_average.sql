-- Grain: one row (none when the pair cannot be priced for every day): the day-weighted average rate of 1 `f` in `t`
-- over [start_date, end_date]. REPL: SELECT * FROM fx_average('EUR', 'USD', DATE '2024-01-01', DATE '2024-03-31');
CREATE OR REPLACE MACRO fx_average(f, t, start_date, end_date, as_of := NULL) AS TABLE
SELECT f AS "from", t AS "to", rate, start_date::DATE AS "start", end_date::DATE AS "end", source, via
FROM fx_key_rates([{'currency': f, 'method': 'average', 'start_date': start_date::DATE, 'end_date': end_date::DATE}], t, as_of);
