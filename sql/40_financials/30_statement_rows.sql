-- Grain: one row per period of one company's statement (stmt: 'income' | 'balance' | 'cash_flow'), newest first:
-- the statement's standardized lines as a map, the concept or derivation behind each line, and the currency block.
-- period: 'annual' | 'quarter' | 'ttm' (no ttm for the balance sheet: a balance has no trailing sum); quarterly balance
-- sheets hold period-end balances (Q4 = fiscal-year end). currency: 'USD' or 'original' until FX rates land; under USD
-- a line reported in another currency stays in it and is listed under fx.unconverted (the spec's rule for a currency
-- that cannot be priced). lim: maximum number of periods (NULL = all); as_of: only filings accepted on or before it.
CREATE OR REPLACE MACRO statement_rows(c, stmt, period, lim, currency, as_of) AS TABLE
WITH checked AS (
  SELECT CASE
    WHEN period NOT IN ('annual', 'quarter', 'ttm') THEN error('period must be ''annual'', ''quarter'' or ''ttm''')
    WHEN stmt = 'balance' AND period = 'ttm' THEN error('period: a balance sheet has no trailing-twelve-month view; use annual or quarter')
    WHEN currency NOT IN ('USD', 'original') THEN error('currency: only USD and original are served until exchange rates are loaded')
    ELSE true END AS valid,
    currency AS target
),
lines AS MATERIALIZED (
  SELECT s.*, CASE WHEN regexp_full_match(s.unit, '[A-Z]{3}') THEN s.unit
                   WHEN regexp_full_match(s.unit, '[A-Z]{3}/shares') THEN left(s.unit, 3) END AS money
  FROM standard_values(cik_bucket(c), c, as_of) s
  JOIN statement_layout l ON l.line = s.line AND l.statement = stmt, checked
  WHERE s.series = period AND checked.valid
),
periods AS (
  SELECT period_end, fiscal_period, max(fiscal_year) AS fiscal_year, max(date_filed) AS date_filed,
         map_from_entries(list((line, value) ORDER BY line)) AS values,
         map_from_entries(list((line, source) ORDER BY line)) AS concepts,
         list_sort(list(DISTINCT money) FILTER (WHERE money IS NOT NULL)) AS currencies,
         list(DISTINCT money) FILTER (WHERE money IS NOT NULL AND money <> 'USD') AS foreign_codes
  FROM lines GROUP BY ALL
),
unconverted AS (
  SELECT period_end, fiscal_period, map_from_entries(list((money, names) ORDER BY money)) AS unconverted
  FROM (SELECT period_end, fiscal_period, money, list(line ORDER BY line) AS names
        FROM lines WHERE money <> 'USD' GROUP BY ALL)
  GROUP BY ALL
)
SELECT strftime(p.period_end, '%Y-%m-%d') AS period, p.fiscal_year::INTEGER AS fiscalYear, p.fiscal_period AS fiscalPeriod,
       strftime(p.date_filed, '%Y-%m-%d') AS dateFiled,
       CASE WHEN len(p.currencies) = 1 THEN p.currencies[1] END AS currency,
       p.values, p.concepts,
       CASE WHEN k.target = 'USD' AND len(p.foreign_codes) > 0 THEN {
         targetCurrency: 'USD', originalCurrencies: p.currencies,
         rates: []::STRUCT("from" VARCHAR, method VARCHAR, rate DOUBLE, effectiveDate VARCHAR, "start" VARCHAR, "end" VARCHAR)[],
         unconverted: u.unconverted} END AS fx
FROM periods p LEFT JOIN unconverted u USING (period_end, fiscal_period), checked k
ORDER BY p.period_end DESC
LIMIT lim;
