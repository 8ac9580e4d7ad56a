-- Grain: scalar. The first day of a standardized value's span, for currency conversion: NULL for a balance (an
-- instant, converted at the period-end spot), else the series' own length ending on period_end (annual and ttm: one
-- year, quarter: three months), since standard_values keeps the period end only.
CREATE OR REPLACE MACRO fx_series_start(series, kind, period_end) AS
  CASE WHEN kind <> 'balance' THEN
    (period_end - CASE WHEN series = 'quarter' THEN INTERVAL 3 MONTH ELSE INTERVAL 1 YEAR END + INTERVAL 1 DAY)::DATE END;
