-- The spec's normalization flag for rates and shares: a value tagged as a whole percent (4.5 for 4.5%) is re-scaled
-- to a fraction of 1. `limit_` is the largest value still read as a fraction: 1 for interest and discount rates,
-- wider for volatility (over 150% can be legitimate). A negative rate is judged by its size.
-- TODO(lead): unify with the FX layer's normalization macro when it lands.
CREATE OR REPLACE MACRO rate_is_whole_percent(v, limit_) AS
  v IS NOT NULL AND abs(v) > limit_;

CREATE OR REPLACE MACRO rate_fraction(v, limit_) AS
  CASE WHEN rate_is_whole_percent(v, limit_) THEN v / 100 ELSE v END;
