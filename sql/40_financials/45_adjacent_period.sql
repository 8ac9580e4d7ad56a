-- Grain: scalar. Whether prev_end ends the period just before the one ending cur_end in a series ('annual', 'quarter',
-- 'ttm'): a year of 52, 53 weeks or a calendar year (357-371 days) before, or a quarter of 12 to 16 weeks or three
-- calendar months (80-119 days; a TTM steps one quarter). Growth compares a period with the one before it only: when
-- the warehouse lacks that period the previous entry present is older, and a rate against it is not a period's growth.
CREATE OR REPLACE MACRO adjacent_period(series, prev_end, cur_end) AS
  CASE WHEN series = 'annual' THEN (cur_end::DATE - prev_end::DATE) BETWEEN 357 AND 371
       ELSE (cur_end::DATE - prev_end::DATE) BETWEEN 80 AND 119 END;
