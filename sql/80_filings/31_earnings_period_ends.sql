-- One row per (cik, fiscal period end) an earnings release can report on: the period ends of the 10-Q/10-K filed
-- before p_as_of, plus the next two projected from the same quarter a year earlier (a month-end filer keeps month
-- ends; a 52/53-week filer moves 364 or 371 days, whichever keeps its usual distance to the month end).
CREATE OR REPLACE MACRO earnings_period_ends(p_cik, p_as_of) AS TABLE
WITH reports AS (
  SELECT cik, report_date AS period_end, bool_or(form IN ('10-K', '10-KT')) AS annual
  FROM filing_rows(p_cik)
  WHERE form IN ('10-Q', '10-K', '10-KT') AND report_date IS NOT NULL
    AND filed < coalesce(p_as_of, current_date + 1)
  GROUP BY cik, report_date
),
-- distance of a period end to the nearest month end (negative: before it)
shaped AS (
  SELECT *,
    period_end - CASE WHEN day(period_end) <= 15 THEN last_day(period_end - INTERVAL 1 MONTH) ELSE last_day(period_end) END AS month_offset,
    row_number() OVER (PARTITION BY cik ORDER BY period_end DESC) AS back
  FROM reports
),
habit AS (
  SELECT cik, avg((period_end = last_day(period_end))::INTEGER) >= 0.75 AS month_end, avg(month_offset) AS mean_offset,
    max(period_end) AS latest, count(*) AS n
  FROM shaped GROUP BY cik
),
-- back 4 is the quarter a year before the next one, back 3 the one after it
seeds AS (
  SELECT s.cik, s.period_end AS seed, s.annual, 5 - s.back AS ahead, h.month_end, h.mean_offset
  FROM shaped s JOIN habit h USING (cik)
  WHERE s.back IN (3, 4) AND h.n >= 4
),
candidates AS (
  SELECT cik, annual, ahead, month_end, mean_offset,
    last_day(seed + INTERVAL 12 MONTH)::DATE AS calendar_end,
    (seed + 364)::DATE AS short_year, (seed + 371)::DATE AS long_year
  FROM seeds
),
projected AS (
  SELECT cik, annual, ahead,
    CASE
      WHEN month_end THEN calendar_end
      WHEN abs((short_year - CASE WHEN day(short_year) <= 15 THEN last_day(short_year - INTERVAL 1 MONTH) ELSE last_day(short_year) END) - mean_offset)
        <= abs((long_year - CASE WHEN day(long_year) <= 15 THEN last_day(long_year - INTERVAL 1 MONTH) ELSE last_day(long_year) END) - mean_offset)
        THEN short_year
      ELSE long_year
    END AS period_end
  FROM candidates
),
-- too little history to know the year's shape: one quarter ahead of the latest
thin AS (
  SELECT cik, false AS annual, 1 AS ahead,
    CASE WHEN month_end THEN last_day(latest + INTERVAL 3 MONTH)::DATE ELSE (latest + 91)::DATE END AS period_end
  FROM habit WHERE n < 4
)
SELECT cik, period_end, annual, false AS projected FROM reports
UNION ALL
SELECT cik, period_end, annual, true AS projected FROM projected
UNION ALL
SELECT cik, period_end, annual, true AS projected FROM thin;
