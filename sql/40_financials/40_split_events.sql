-- Grain: one row per stock split (or reverse split) of one company, detected from its own filings: `factor` new shares
-- per old share, `effective`: values last stated by a filing accepted before this date are on the old basis.
-- Two kinds of evidence:
--   restated comparatives: a filing states a period's weighted-average share count again at a ratio close to a split
--   factor (1.5, 2..50, or their inverses, within 0.5%: restated averages are exact multiples up to rounding) against the previous report of that same period; every such restatement of
--   one factor whose windows (previous report, restating report] overlap is one split, effective at the first
--   restating report;
--   the split ratio concepts (StockholdersEquityNoteStockSplitConversionRatio*), dated at the fact's period end; where
--   restated comparatives confirm the split their measured factor is kept (it shows a reverse split's direction).
CREATE OR REPLACE MACRO split_events(c, as_of) AS TABLE
WITH obs AS (
  SELECT concept, unit, period_start, period_end, value, vintage, date_filed
  FROM fact_observations(cik_bucket(c), c, as_of)
  WHERE unit = 'shares' AND concept ILIKE '%WeightedAverage%' AND period_start IS NOT NULL AND value > 0
),
pairs AS (
  SELECT *, lag(value) OVER w AS prev_value, lag(date_filed) OVER w AS prev_date
  FROM obs WINDOW w AS (PARTITION BY concept, unit, period_start, period_end ORDER BY vintage)
),
ratios AS (
  SELECT prev_date, date_filed, value / prev_value AS r,
         CASE WHEN value >= prev_value THEN value / prev_value ELSE prev_value / value END AS up
  FROM pairs WHERE prev_value IS NOT NULL AND value <> prev_value
),
snapped AS (
  SELECT prev_date, date_filed, r,
         CASE WHEN abs(up / 1.5 - 1) < 0.005 THEN 1.5 ELSE round(up) END AS k_up
  FROM ratios
),
restated AS (
  SELECT prev_date, date_filed, CASE WHEN r >= 1 THEN k_up ELSE 1 / k_up END AS factor
  FROM snapped WHERE k_up >= 1.5 AND k_up <= 50 AND abs((CASE WHEN r >= 1 THEN r ELSE 1 / r END) / k_up - 1) < 0.005
),
islands AS (
  SELECT *, sum(starts) OVER (PARTITION BY factor ORDER BY prev_date, date_filed) AS island
  FROM (SELECT *, CASE WHEN prev_date >= max(date_filed) OVER (PARTITION BY factor ORDER BY prev_date, date_filed
                                                  ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
                       THEN 1 ELSE 0 END AS starts
        FROM restated)
),
restatement_events AS (
  SELECT factor, max(prev_date) AS lo, min(date_filed) AS hi, count(*) AS evidence
  FROM islands GROUP BY factor, island
),
ratio_events AS (
  SELECT DISTINCT period_end AS split_date, value AS tagged
  FROM fact_observations(cik_bucket(c), c, as_of)
  WHERE concept IN ('us-gaap:StockholdersEquityNoteStockSplitConversionRatio1', 'us-gaap:StockholdersEquityNoteStockSplitConversionRatio')
    AND value > 0 AND value <> 1
),
tagged AS (
  SELECT coalesce(arg_min(e.factor, e.hi), t.tagged) AS factor, t.split_date AS effective,
         'ratio concept' || CASE WHEN count(e.factor) > 0 THEN ' and restated comparatives' ELSE '' END AS evidence
  FROM ratio_events t
  LEFT JOIN restatement_events e ON (e.factor = t.tagged OR e.factor = 1 / t.tagged)
                                AND t.split_date > e.lo - INTERVAL 400 DAY AND t.split_date <= e.hi + INTERVAL 400 DAY
  GROUP BY t.split_date, t.tagged
)
SELECT factor::DOUBLE AS factor, effective::DATE AS effective, evidence FROM tagged
UNION ALL
SELECT e.factor::DOUBLE, e.hi::DATE, 'restated comparatives'
FROM restatement_events e
ANTI JOIN tagged t ON (t.factor = e.factor) AND t.effective > e.lo - INTERVAL 400 DAY AND t.effective <= e.hi + INTERVAL 400 DAY;
