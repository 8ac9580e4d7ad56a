-- Scalar helper of earnings_trends: a margin (percent) latest and three years before, with its direction
-- (+-1 percentage point threshold; null unless both are known).
CREATE OR REPLACE MACRO trend_margin(latest, earlier) AS
  {latest: latest, threeYearAgo: earlier,
   direction: CASE WHEN latest IS NULL OR earlier IS NULL THEN NULL
                   WHEN latest - earlier > 1 THEN 'expanding' WHEN latest - earlier < -1 THEN 'compressing' ELSE 'stable' END};
