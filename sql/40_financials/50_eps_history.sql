-- Grain: one row per period of one company's EPS series, newest first: the /api/earnings/eps-history resource.
-- period: 'annual' | 'quarter' | 'ttm' (the latest trailing twelve months only: a single entry).
-- split_adjust = true: EPS and weighted share counts are put on today's basis with split_events: a value last stated
-- by a filing accepted before a split's effective date is divided (EPS, rounded to 4 decimals) or multiplied (shares)
-- by that split's factor; values already restated by a later filing are left untouched. netIncome is never adjusted.
-- split_adjust = false: as originally filed: each directly filed EPS and share count is the first filing's value for
-- that span (not the latest restatement); reconstructed quarters and TTM, which no filing states, are put on the basis
-- of the first filing that reported the period end. epsGrowth: (eps - previous eps) / |previous eps| against the
-- previous period of the series (basic EPS where both have it, else diluted), computed before `lim` is applied; null
-- when the series lacks the period just before (adjacent_period), never against an older one.
-- currency: 'original' or an ISO 4217 code: netIncome at the period's day-weighted average rate, EPS (per-share money)
-- too, share counts never (fx_convert_rows, after the split adjustment); a currency that cannot be priced stays native
-- and is named in `currency`. as_of also bars rates published after it.
CREATE OR REPLACE MACRO eps_history(c, period, lim, split_adjust, currency, as_of) AS TABLE
WITH checked AS (
  SELECT CASE
    WHEN period NOT IN ('annual', 'quarter', 'ttm') THEN error('period must be ''annual'', ''quarter'' or ''ttm''')
    WHEN currency IS NULL OR NOT (currency = 'original' OR regexp_full_match(currency, '[A-Z]{3}'))
      THEN error('currency: ''original'' or an ISO 4217 code such as ''USD'' or ''EUR''')
    ELSE true END AS valid
),
sv AS MATERIALIZED (
  SELECT s.* FROM standard_values(cik_bucket(c), c, as_of) s, checked
  WHERE checked.valid AND s.series = period AND s.line IN ('epsBasic', 'epsDiluted', 'netIncome', 'sharesBasic', 'sharesDiluted')
),
obs AS MATERIALIZED (
  SELECT concept, unit, period_start, period_end, value, vintage, date_filed, (period_end - period_start + 1)::INTEGER AS days
  FROM fact_observations(cik_bucket(c), c, as_of)
  WHERE concept IN (SELECT concept FROM standard_concepts WHERE line IN ('epsBasic', 'epsDiluted', 'sharesBasic', 'sharesDiluted'))
),
vintages AS (
  SELECT vintage, min(date_filed) AS date_filed FROM obs GROUP BY ALL
),
first_seen AS (
  SELECT concept, unit, period_end, min(date_filed) AS first_date FROM obs GROUP BY ALL
),
first_filed AS (
  -- the first filing's value of each span, placed on the series its length belongs to
  SELECT concept, unit, period_end,
         CASE WHEN days BETWEEN 357 AND 371 THEN 'annual' WHEN days BETWEEN 84 AND 98 THEN 'quarter' END AS series,
         arg_min(value, vintage) AS value
  FROM obs WHERE period_start IS NOT NULL GROUP BY ALL
),
events AS MATERIALIZED (
  SELECT * FROM split_events(c, as_of)
),
based AS (
  SELECT sv.*, v.date_filed AS last_date, f.first_date, ff.value AS first_value,
         coalesce((SELECT exp(sum(ln(e.factor))) FROM events e WHERE e.effective > v.date_filed), 1) AS f_last,
         coalesce((SELECT exp(sum(ln(e.factor))) FROM events e WHERE e.effective > f.first_date), 1) AS f_first
  FROM sv
  LEFT JOIN vintages v ON v.vintage = sv.last_seen
  LEFT JOIN first_seen f ON f.concept = sv.source AND f.unit = sv.unit AND f.period_end = sv.period_end
  LEFT JOIN first_filed ff ON ff.concept = sv.source AND ff.unit = sv.unit AND ff.period_end = sv.period_end
                          AND ff.series = sv.series AND sv.method IS NULL
),
adjusted AS (
  SELECT *, CASE
      WHEN line = 'netIncome' THEN value
      WHEN split_adjust AND line LIKE 'shares%' THEN round(value * f_last)
      WHEN split_adjust THEN CASE WHEN f_last = 1 THEN value ELSE round(value / f_last, 4) END
      WHEN first_value IS NOT NULL THEN first_value
      WHEN line LIKE 'shares%' THEN round(value * f_last / f_first)
      ELSE CASE WHEN f_last = f_first THEN value ELSE round(value * f_first / f_last, 4) END
    END AS served
  FROM based
),
to_convert AS MATERIALIZED (
  SELECT * EXCLUDE (value, served), served AS value, fx_series_start(period, kind, period_end) AS period_start FROM adjusted
),
converted AS MATERIALIZED (
  SELECT *, value AS served FROM fx_convert_rows('to_convert', currency, as_of)
),
entries AS (
  SELECT period_end, fiscal_period, max(fiscal_year) AS fiscal_year, max(date_filed) AS date_filed,
         max(served) FILTER (WHERE line = 'epsBasic') AS eps,
         max(served) FILTER (WHERE line = 'epsDiluted') AS eps_diluted,
         max(served) FILTER (WHERE line = 'netIncome') AS net_income,
         max(unit) FILTER (WHERE line = 'netIncome') AS net_income_currency,
         max(served) FILTER (WHERE line = 'sharesBasic') AS shares,
         max(served) FILTER (WHERE line = 'sharesDiluted') AS shares_diluted
  FROM converted GROUP BY ALL
),
growth AS (
  SELECT * EXCLUDE (prev_eps, prev_eps_diluted),
         CASE WHEN adjacent_period(period, prev_end, period_end) THEN prev_eps END AS prev_eps,
         CASE WHEN adjacent_period(period, prev_end, period_end) THEN prev_eps_diluted END AS prev_eps_diluted
  FROM (SELECT *, lag(eps) OVER w AS prev_eps, lag(eps_diluted) OVER w AS prev_eps_diluted, lag(period_end) OVER w AS prev_end
        FROM entries WINDOW w AS (ORDER BY period_end))
)
SELECT strftime(period_end, '%Y-%m-%d') AS period, fiscal_year::INTEGER AS fiscalYear, fiscal_period AS fiscalPeriod,
       strftime(date_filed, '%Y-%m-%d') AS dateFiled,
       eps::DOUBLE AS eps, eps_diluted::DOUBLE AS epsDiluted, net_income::DOUBLE AS netIncome, net_income_currency AS currency,
       shares::DOUBLE AS sharesOutstanding, shares_diluted::DOUBLE AS sharesOutstandingDiluted,
       CASE WHEN eps IS NOT NULL AND prev_eps IS NOT NULL THEN (eps - prev_eps) / nullif(abs(prev_eps), 0)
            WHEN eps_diluted IS NOT NULL AND prev_eps_diluted IS NOT NULL THEN (eps_diluted - prev_eps_diluted) / nullif(abs(prev_eps_diluted), 0)
       END AS epsGrowth
FROM growth
ORDER BY period_end DESC
LIMIT CASE WHEN period = 'ttm' THEN least(coalesce(lim, 1), 1) ELSE lim END;
