-- Grain: scalar. The spec's normalization flag for a value that is a fraction of 1 by definition (a rate, a share of
-- revenue): one tagged as a whole percent (35 for 35%: magnitude above 1 and at most 100) is re-scaled to 0.35 and
-- flagged; anything else is served as filed. Returns STRUCT(value, normalized); emit `normalized` only when true.
-- Reused by the footnote endpoints for discount rates, stated/effective rates and concentration shares.
CREATE OR REPLACE MACRO normalized_fraction(v) AS
  CASE WHEN v IS NOT NULL AND abs(v) > 1 AND abs(v) <= 100
       THEN {'value': v / 100, 'normalized': true}
       ELSE {'value': v, 'normalized': false} END;
