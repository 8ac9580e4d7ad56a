-- How a fact combines across periods: balance (instant; Q4 = year-end balance), flow (additive: subtract / sum),
-- wavg (weighted-average share count: day-weighted), per_share (EPS-like: recomputed from numerator / denominator,
-- never subtracted or summed), other (ratios, durations in years, counts in custom units: served only as filed).
-- Per-share dividends are additive; monetary units are ISO 4217 codes.
CREATE OR REPLACE MACRO fact_kind(concept, unit, is_instant) AS
  CASE
    WHEN is_instant THEN 'balance'
    WHEN unit = 'shares' AND concept ILIKE '%WeightedAverage%' THEN 'wavg'
    WHEN unit LIKE '%/shares' AND (concept ILIKE '%Dividend%' OR concept ILIKE '%Distribution%') THEN 'flow'
    WHEN unit LIKE '%/shares' THEN 'per_share'
    WHEN unit = 'shares' OR regexp_full_match(unit, '[A-Z]{3}') THEN 'flow'
    ELSE 'other'
  END;
