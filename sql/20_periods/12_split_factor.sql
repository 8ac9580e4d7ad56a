-- Grain: scalar. split_snap(up): the split factor nearest a ratio >= 1 (1.5, else the nearest whole number).
-- split_factor(r): the stock split a restatement ratio shows (new value / old value of one share count): 1.5 or a whole
-- factor 2..50, or the inverse of one (a reverse split), when the ratio is within 0.5% of it (a restated weighted
-- average is an exact multiple up to rounding); NULL for any other ratio (a correction, a share exchange). The one
-- snapping rule of split_events' restated comparatives and of quarter_values' share-count rebasing.
CREATE OR REPLACE MACRO split_snap(up) AS CASE WHEN abs(up / 1.5 - 1) < 0.005 THEN 1.5 ELSE round(up) END;

CREATE OR REPLACE MACRO split_factor(r) AS
  CASE WHEN r > 0 AND split_snap(greatest(r, 1 / r)) BETWEEN 1.5 AND 50
            AND abs(greatest(r, 1 / r) / split_snap(greatest(r, 1 / r)) - 1) < 0.005
       THEN CASE WHEN r >= 1 THEN split_snap(r) ELSE 1 / split_snap(1 / r) END
  END;
