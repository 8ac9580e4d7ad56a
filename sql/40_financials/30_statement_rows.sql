-- Grain: one row per period of one company's statement (stmt: 'income' | 'balance' | 'cash_flow'), newest first:
-- the statement's standardized lines as a map, the concept or derivation behind each line, and the currency block.
-- period: 'annual' | 'quarter' | 'ttm' (no ttm for the balance sheet: a balance has no trailing sum); quarterly balance
-- sheets hold period-end balances (Q4 = fiscal-year end). currency: 'original' or an ISO 4217 code: every line is
-- converted by fx_convert_rows (balances at the period-end spot, flows and EPS at the day-weighted average over the
-- period, share counts never; an unpriceable currency stays native and is listed under fx.unconverted); fx is the
-- spec's block (NULL = absent: already wholly in the target). A flow's span is the series' own length ending on
-- period_end (annual and ttm: one year, quarter: three months), as standard_values keeps no period start.
-- rel: the caller's relation of one company's standard_values rows (computed with as_of, or read from the stored
-- `statements` dataset): the one place both paths share, so stored and live answers cannot drift apart.
-- lim: maximum number of periods (NULL = all); as_of: no rate published after it. `cik` is carried through (grouped and
-- ordered first) so that a relation of many companies answers each one exactly as alone: the rendered-answer store
-- renders a whole bucket in one pass (engine/serving); one company's callers drop the column.
CREATE OR REPLACE MACRO statement_rows(rel, stmt, period, lim, currency, as_of) AS TABLE
WITH checked AS (
  SELECT CASE
    WHEN period NOT IN ('annual', 'quarter', 'ttm') THEN error('period must be ''annual'', ''quarter'' or ''ttm''')
    WHEN stmt = 'balance' AND period = 'ttm' THEN error('period: a balance sheet has no trailing-twelve-month view; use annual or quarter')
    WHEN currency IS NULL OR NOT (currency = 'original' OR regexp_full_match(currency, '[A-Z]{3}'))
      THEN error('currency: ''original'' or an ISO 4217 code such as ''USD'' or ''EUR''')
    ELSE true END AS valid
),
raw AS MATERIALIZED (
  SELECT s.*, fx_series_start(period, s.kind, s.period_end) AS period_start
  FROM query_table(rel) s
  JOIN statement_layout l ON l.line = s.line AND l.statement = stmt, checked
  WHERE s.series = period AND checked.valid
),
lines AS MATERIALIZED (
  SELECT * FROM fx_convert_rows('raw', currency, as_of)
),
periods AS (
  SELECT cik, period_end, fiscal_period, max(fiscal_year) AS fiscal_year, max(date_filed) AS date_filed,
         map_from_entries(list_sort(list((line, value)))) AS values,
         map_from_entries(list_sort(list((line, source)))) AS concepts,
         list_distinct(list(fx_unit_currency(unit)) FILTER (WHERE fx_currency IS NOT NULL)) AS currencies,
         fx_block(currency, list(fx_entry(line, fx_currency, fx_method, fx_rate, fx_effective_date, period_start,
                                          period_end, fx_converted))) AS fx
  FROM lines GROUP BY ALL
)
SELECT p.cik, strftime(p.period_end, '%Y-%m-%d') AS period, p.fiscal_year::INTEGER AS fiscalYear, p.fiscal_period AS fiscalPeriod,
       strftime(p.date_filed, '%Y-%m-%d') AS dateFiled,
       CASE WHEN len(p.currencies) = 1 THEN p.currencies[1] END AS currency,
       p.values, p.concepts, p.fx
FROM periods p
ORDER BY p.cik, p.period_end DESC
LIMIT lim;
