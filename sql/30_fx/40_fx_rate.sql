-- Grain: one row (none when the pair cannot be priced): the spot rate of 1 `f` in `t` on `on_date`, the latest rate
-- dated on or before it. REPL: SELECT * FROM fx_rate('EUR', 'USD', DATE '2024-03-29');
-- as_of (optional): only rates published on or before it.
CREATE OR REPLACE MACRO fx_rate(f, t, on_date, as_of := NULL) AS TABLE
SELECT f AS "from", t AS "to", rate, effective_date AS effectiveDate, source, via
FROM fx_key_rates([{'currency': f, 'method': 'spot', 'start_date': NULL::DATE, 'end_date': on_date::DATE}], t, as_of);
