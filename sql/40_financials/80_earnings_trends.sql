-- Grain: at most one row per company: the /api/earnings/trends resource, from its latest (up to) 12 fiscal years of
-- annual reports (years stating revenue or net income).
-- Margins in percent of revenue: latest, three years before it, direction (expanding / compressing beyond +-1
-- percentage point, else stable; null without both). Net margin standard deviation (sample, pp) over the full history
-- and over the last 5 years (null when the history is no longer than 5 years or has fewer than 2 margins). CAGRs in
-- percent, (end / start)^(1/n) - 1 over exactly n fiscal years (the year n years back, not the n-th older year
-- present); null when either end is missing or not positive; EPS
-- is diluted (basic when absent) and always split-adjusted (eps_history). Quality: fcfToNetIncome and roe in percent,
-- interestCoverage = operating income / interest expense, debtToOperatingIncome = (short + long-term debt) / operating
-- income. sym: the ticker to echo (resolved by the caller); currency: 'original' or an ISO 4217 code (fx_convert_rows).
CREATE OR REPLACE MACRO earnings_trends(c, sym, currency, as_of) AS TABLE
WITH checked AS (
  SELECT CASE WHEN currency IS NULL OR NOT (currency = 'original' OR regexp_full_match(currency, '[A-Z]{3}'))
              THEN error('currency: ''original'' or an ISO 4217 code such as ''USD'' or ''EUR''')
              ELSE true END AS valid
),
sv_raw AS MATERIALIZED (
  SELECT s.period_end, s.line, s.value, s.unit, fx_series_start('annual', s.kind, s.period_end) AS period_start
  FROM standard_values(cik_bucket(c), c, as_of) s, checked
  WHERE checked.valid AND s.series = 'annual'
),
sv AS MATERIALIZED (
  -- converted first (flows at each year's average, balances at its year-end spot): CAGRs in the target currency
  SELECT * FROM fx_convert_rows('sv_raw', currency, as_of)
),
eps AS (
  SELECT h.period AS eps_period, coalesce(h.epsDiluted, h.eps) AS eps FROM eps_history(c, 'annual', NULL, true, currency, as_of) h
),
years AS (
  -- age: fiscal years back from the latest (a year of 52/53 weeks counts as one), so a year the warehouse lacks is
  -- missing from the CAGRs and windows, never replaced by an older year
  SELECT y.*, e.eps, round((max(y.period_end) OVER () - y.period_end) / 365.2425)::INTEGER AS age
  FROM (SELECT period_end,
               max(value) FILTER (WHERE line = 'revenue') AS revenue,
               max(value) FILTER (WHERE line = 'grossProfit') AS gross_profit,
               max(value) FILTER (WHERE line = 'operatingIncome') AS operating_income,
               max(value) FILTER (WHERE line = 'netIncome') AS net_income,
               max(value) FILTER (WHERE line = 'freeCashFlow') AS fcf,
               max(value) FILTER (WHERE line = 'interestExpense') AS interest,
               max(value) FILTER (WHERE line = 'shortTermDebt') AS short_debt,
               max(value) FILTER (WHERE line = 'longTermDebt') AS long_debt,
               coalesce(max(value) FILTER (WHERE line = 'stockholdersEquity'), max(value) FILTER (WHERE line = 'totalEquity')) AS equity
        FROM sv GROUP BY period_end) y
  LEFT JOIN eps e ON e.eps_period = strftime(y.period_end, '%Y-%m-%d')
  -- years of annual reports only: a fiscal year end known from a 10-Q's comparative balance sheet states no income
  WHERE y.revenue IS NOT NULL OR y.net_income IS NOT NULL
),
recent AS (
  SELECT *, 100 * gross_profit / nullif(revenue, 0) AS gross_m, 100 * operating_income / nullif(revenue, 0) AS operating_m,
         100 * net_income / nullif(revenue, 0) AS net_m
  FROM years WHERE age < 12
),
points AS (
  SELECT max(period_end) FILTER (WHERE age = 0) AS latest_end,
         any_value(recent) FILTER (WHERE age = 0) AS y0, any_value(recent) FILTER (WHERE age = 3) AS y3,
         any_value(recent) FILTER (WHERE age = 5) AS y5,
         stddev_samp(net_m) AS sd_all, stddev_samp(net_m) FILTER (WHERE age < 5) AS sd_recent,
         count(net_m) AS n_net, max(age) + 1 AS n_years, max(net_m) AS max_net
  FROM recent
)
SELECT sym AS symbol, strftime(latest_end, '%Y-%m-%d') AS latestPeriod,
       {gross: trend_margin(y0.gross_m, y3.gross_m), operating: trend_margin(y0.operating_m, y3.operating_m),
        net: trend_margin(y0.net_m, y3.net_m)} AS margins,
       CASE WHEN n_net >= 2 THEN sd_all END AS netMarginStdDev,
       CASE WHEN n_years > 5 THEN sd_recent END AS netMarginStdDevRecent,
       max_net AS historicalMaxNetMargin,
       {revenue3yr: cagr_pct(y0.revenue, y3.revenue, 3), revenue5yr: cagr_pct(y0.revenue, y5.revenue, 5),
        netIncome3yr: cagr_pct(y0.net_income, y3.net_income, 3), netIncome5yr: cagr_pct(y0.net_income, y5.net_income, 5),
        eps3yr: cagr_pct(y0.eps, y3.eps, 3), eps5yr: cagr_pct(y0.eps, y5.eps, 5),
        freeCashFlow3yr: cagr_pct(y0.fcf, y3.fcf, 3)} AS cagr,
       {fcfToNetIncome: 100 * y0.fcf / nullif(y0.net_income, 0),
        interestCoverage: y0.operating_income / nullif(y0.interest, 0),
        debtToOperatingIncome: CASE WHEN y0.short_debt IS NOT NULL OR y0.long_debt IS NOT NULL
                                    THEN (coalesce(y0.short_debt, 0) + coalesce(y0.long_debt, 0)) / nullif(y0.operating_income, 0) END,
        roe: 100 * y0.net_income / nullif(y0.equity, 0)} AS quality
FROM points WHERE latest_end IS NOT NULL;
