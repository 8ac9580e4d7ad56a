-- Grain: one row per stock split (or reverse split) of one company, detected from its own filings: `factor` new shares
-- per old share, `effective`: values last stated by a filing accepted before this date are on the old basis.
-- Three kinds of evidence:
--   restated comparatives: a filing states a period's weighted-average share count again at a ratio close to a split
--   factor (1.5, 2..50, or their inverses, within 0.5%: restated averages are exact multiples up to rounding) against the previous report of that same period; every such restatement of
--   one factor whose windows (previous report, restating report] overlap is one split, effective at the first
--   restating report;
--   restated comparatives and EPS: a restatement at any other ratio r (beyond 0.5% of 1; a share exchange such as a
--   de-SPAC's, applied retroactively) counts only where the same two reports state that period's EPS (basic or
--   diluted) at the inverse ratio: |eps_new - eps_old / r| within the rounding of both to the cent (0.005 + 0.005 / r),
--   while the EPS moved by more than that (so an EPS too small to tell a change from rounding is no evidence). A filing
--   that also restates at a split factor is explained by that split, not here. Overlapping windows of one direction
--   are one event whose factor is the median ratio (the restated periods' ratios differ only by share-count rounding),
--   so one exchange is counted once and nothing is adjusted twice;
--   the split ratio concepts (StockholdersEquityNoteStockSplitConversionRatio*), dated at the fact's period end; where
--   restated comparatives confirm the split their measured factor is kept (it shows a reverse split's direction).
CREATE OR REPLACE MACRO split_events(c, as_of) AS TABLE
WITH facts AS MATERIALIZED (
  -- the company's facts are read once for the three kinds of evidence
  SELECT concept, unit, period_start, period_end, value, vintage, date_filed
  FROM fact_observations(cik_bucket(c), c, as_of)
  WHERE (unit = 'shares' AND concept ILIKE '%WeightedAverage%' AND period_start IS NOT NULL AND value > 0)
     OR (unit LIKE '%/shares' AND period_start IS NOT NULL
         AND concept IN (SELECT concept FROM standard_concepts WHERE line IN ('epsBasic', 'epsDiluted')))
     OR concept IN ('us-gaap:StockholdersEquityNoteStockSplitConversionRatio1', 'us-gaap:StockholdersEquityNoteStockSplitConversionRatio')
),
obs AS (
  SELECT * FROM facts WHERE unit = 'shares' AND concept ILIKE '%WeightedAverage%' AND period_start IS NOT NULL AND value > 0
),
pairs AS (
  SELECT *, lag(value) OVER w AS prev_value, lag(date_filed) OVER w AS prev_date, lag(vintage) OVER w AS prev_vintage
  FROM obs WINDOW w AS (PARTITION BY concept, unit, period_start, period_end ORDER BY vintage)
),
ratios AS (
  SELECT period_start, period_end, vintage, prev_vintage, prev_date, date_filed, value / prev_value AS r,
         CASE WHEN value >= prev_value THEN value / prev_value ELSE prev_value / value END AS up
  FROM pairs WHERE prev_value IS NOT NULL AND value <> prev_value
),
snapped AS (
  SELECT *, k_up >= 1.5 AND k_up <= 50 AND abs(up / k_up - 1) < 0.005 AS is_split
  FROM (SELECT *, CASE WHEN abs(up / 1.5 - 1) < 0.005 THEN 1.5 ELSE round(up) END AS k_up FROM ratios)
),
restated AS (
  SELECT prev_date, date_filed, CASE WHEN r >= 1 THEN k_up ELSE 1 / k_up END AS factor
  FROM snapped WHERE is_split
),
eps AS (
  SELECT period_start, period_end, value, vintage, lag(value) OVER w AS prev_value, lag(vintage) OVER w AS prev_vintage
  FROM facts
  WHERE concept IN (SELECT concept FROM standard_concepts WHERE line IN ('epsBasic', 'epsDiluted'))
    AND unit LIKE '%/shares' AND period_start IS NOT NULL
  WINDOW w AS (PARTITION BY concept, unit, period_start, period_end ORDER BY vintage)
),
exchanged AS (
  SELECT s.prev_date, s.date_filed, s.r
  FROM snapped s
  WHERE NOT s.is_split AND s.up > 1.005
    AND NOT EXISTS (SELECT 1 FROM restated x WHERE x.date_filed = s.date_filed)
    AND EXISTS (SELECT 1 FROM eps e
                WHERE e.period_start = s.period_start AND e.period_end = s.period_end
                  AND e.vintage = s.vintage AND e.prev_vintage = s.prev_vintage
                  AND abs(e.value - e.prev_value / s.r) <= 0.005 * (1 + 1 / s.r)
                  AND abs(e.value - e.prev_value) > 0.005 * (1 + 1 / s.r))
),
exchange_islands AS (
  SELECT *, sum(starts) OVER (PARTITION BY r > 1 ORDER BY prev_date, date_filed) AS island
  FROM (SELECT *, CASE WHEN prev_date >= max(date_filed) OVER (PARTITION BY r > 1 ORDER BY prev_date, date_filed
                                                  ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
                       THEN 1 ELSE 0 END AS starts
        FROM exchanged)
),
islands AS (
  SELECT *, sum(starts) OVER (PARTITION BY factor ORDER BY prev_date, date_filed) AS island
  FROM (SELECT *, CASE WHEN prev_date >= max(date_filed) OVER (PARTITION BY factor ORDER BY prev_date, date_filed
                                                  ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
                       THEN 1 ELSE 0 END AS starts
        FROM restated)
),
restatement_events AS (
  SELECT factor, max(prev_date) AS lo, min(date_filed) AS hi, false AS exchange
  FROM islands GROUP BY factor, island
  UNION ALL
  SELECT median(r), max(prev_date), min(date_filed), true
  FROM exchange_islands GROUP BY r > 1, island
),
ratio_events AS (
  SELECT DISTINCT period_end AS split_date, value AS tagged
  FROM facts
  WHERE concept IN ('us-gaap:StockholdersEquityNoteStockSplitConversionRatio1', 'us-gaap:StockholdersEquityNoteStockSplitConversionRatio')
    AND value > 0 AND value <> 1
),
tagged AS (
  -- an exchange's measured factor matches a tagged ratio within the 0.5% a restatement is measured to
  SELECT coalesce(arg_min(e.factor, e.hi), t.tagged) AS factor, t.split_date AS effective,
         'ratio concept' || CASE WHEN count(e.factor) > 0 THEN ' and restated comparatives' ELSE '' END AS evidence
  FROM ratio_events t
  LEFT JOIN restatement_events e
    ON (e.factor = t.tagged OR e.factor = 1 / t.tagged
        OR (e.exchange AND (abs(e.factor / t.tagged - 1) < 0.005 OR abs(e.factor * t.tagged - 1) < 0.005)))
   AND t.split_date > e.lo - INTERVAL 400 DAY AND t.split_date <= e.hi + INTERVAL 400 DAY
  GROUP BY t.split_date, t.tagged
)
SELECT factor::DOUBLE AS factor, effective::DATE AS effective, evidence FROM tagged
UNION ALL
SELECT e.factor::DOUBLE, e.hi::DATE, CASE WHEN e.exchange THEN 'restated comparatives and EPS' ELSE 'restated comparatives' END
FROM restatement_events e
ANTI JOIN tagged t ON (t.factor = e.factor) AND t.effective > e.lo - INTERVAL 400 DAY AND t.effective <= e.hi + INTERVAL 400 DAY;
