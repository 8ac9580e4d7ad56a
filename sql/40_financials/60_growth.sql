-- Grain: one row per period of one company's series, newest first: the /api/financials/growth resource. Each growth
-- field is (current - previous) / |previous| against the period just before it in the same series (not the last period
-- that happened to have the line, nor an older period when the series lacks that one: adjacent_period), null when
-- either side is missing, previous is 0, or the two are in different currencies. epsGrowth comes from eps_history and
-- is always split-adjusted.
-- period: 'annual' | 'quarter' | 'ttm'; currency: 'original' or an ISO 4217 code (values converted by fx_convert_rows); lim: maximum number of periods (NULL = all).
CREATE OR REPLACE MACRO growth(c, period, lim, currency, as_of) AS TABLE
WITH checked AS (
  SELECT CASE
    WHEN period NOT IN ('annual', 'quarter', 'ttm') THEN error('period must be ''annual'', ''quarter'' or ''ttm''')
    WHEN currency IS NULL OR NOT (currency = 'original' OR regexp_full_match(currency, '[A-Z]{3}'))
      THEN error('currency: ''original'' or an ISO 4217 code such as ''USD'' or ''EUR''')
    ELSE true END AS valid
),
sv_raw AS MATERIALIZED (
  SELECT s.period_end, s.fiscal_period, s.fiscal_year, s.date_filed, s.line, s.value, s.unit,
         fx_series_start(period, s.kind, s.period_end) AS period_start
  FROM standard_values(cik_bucket(c), c, as_of) s, checked
  WHERE checked.valid AND s.series = period
    AND s.line IN ('revenue', 'grossProfit', 'operatingIncome', 'netIncome', 'ebitda', 'freeCashFlow', 'totalAssets',
                   'stockholdersEquity', 'operatingCashFlow')
),
sv AS MATERIALIZED (
  -- converted before growth is taken: a growth rate in the target currency includes the currency's own move
  SELECT * FROM fx_convert_rows('sv_raw', currency, as_of)
),
periods AS (
  SELECT * EXCLUDE (prev_end), CASE WHEN adjacent_period(period, prev_end, period_end) THEN prev_end END AS prev_end
  FROM (SELECT *, lag(period_end) OVER (ORDER BY period_end) AS prev_end
  FROM (SELECT period_end, fiscal_period, max(fiscal_year) AS fiscal_year, max(date_filed) AS date_filed FROM sv GROUP BY ALL))
),
rates AS (
  SELECT p.period_end, cur.line,
         CASE WHEN prev.value IS NULL OR prev.value = 0 OR prev.unit <> cur.unit THEN NULL
              ELSE (cur.value - prev.value) / abs(prev.value) END AS rate
  FROM periods p
  JOIN sv cur ON cur.period_end = p.period_end
  LEFT JOIN sv prev ON prev.period_end = p.prev_end AND prev.line = cur.line
),
eps AS (
  SELECT h.period AS eps_period, h.epsGrowth AS eps_growth FROM eps_history(c, period, NULL, true, currency, as_of) h
)
SELECT strftime(p.period_end, '%Y-%m-%d') AS period, p.fiscal_year::INTEGER AS fiscalYear, p.fiscal_period AS fiscalPeriod,
       strftime(p.date_filed, '%Y-%m-%d') AS dateFiled,
       max(r.rate) FILTER (WHERE r.line = 'revenue') AS revenueGrowth,
       max(r.rate) FILTER (WHERE r.line = 'grossProfit') AS grossProfitGrowth,
       max(r.rate) FILTER (WHERE r.line = 'operatingIncome') AS operatingIncomeGrowth,
       max(r.rate) FILTER (WHERE r.line = 'netIncome') AS netIncomeGrowth,
       any_value(e.eps_growth) AS epsGrowth,
       max(r.rate) FILTER (WHERE r.line = 'ebitda') AS ebitdaGrowth,
       max(r.rate) FILTER (WHERE r.line = 'freeCashFlow') AS freeCashFlowGrowth,
       max(r.rate) FILTER (WHERE r.line = 'totalAssets') AS totalAssetsGrowth,
       max(r.rate) FILTER (WHERE r.line = 'stockholdersEquity') AS stockholdersEquityGrowth,
       max(r.rate) FILTER (WHERE r.line = 'operatingCashFlow') AS operatingCashFlowGrowth
FROM periods p
LEFT JOIN rates r ON r.period_end = p.period_end
LEFT JOIN eps e ON e.eps_period = strftime(p.period_end, '%Y-%m-%d')
GROUP BY p.period_end, p.fiscal_year, p.fiscal_period, p.date_filed
ORDER BY p.period_end DESC
LIMIT lim;
