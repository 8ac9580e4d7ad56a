-- One row per (cik, fiscal period end) an earnings release can report on: the period ends of the 10-Q/10-K filed
-- before p_as_of, plus the next two projected. A month-end filer's next quarter ends three month ends later. A
-- 52/53-week filer's next fiscal year ends 364 or 371 days after the last one, whichever keeps the year end within the
-- distance to the month end its past year ends kept (last Saturday of a month: 0..6 days before; Saturday nearest:
-- within 3 days); its quarters are 13 weeks, the first 14 in a 53-week year (the usual placement of the extra week).
CREATE OR REPLACE MACRO earnings_period_ends(p_cik, p_as_of, p_stored := false, p_bucket := NULL) AS TABLE
WITH reports AS (
  SELECT cik, report_date AS period_end, bool_or(form IN ('10-K', '10-KT')) AS annual
  FROM filing_rows(p_cik, p_stored := p_stored, p_bucket := p_bucket)
  WHERE form IN ('10-Q', '10-K', '10-KT') AND report_date IS NOT NULL
    AND filed < coalesce(p_as_of, current_date + 1)
  GROUP BY cik, report_date
),
-- distance of a period end to the nearest month end (negative: before it)
shaped AS (
  SELECT *,
    period_end - CASE WHEN day(period_end) <= 15 THEN last_day(period_end - INTERVAL 1 MONTH) ELSE last_day(period_end) END AS month_offset
  FROM reports
),
habit AS (
  SELECT cik, avg((period_end = last_day(period_end))::INTEGER) >= 0.75 AS month_end, max(period_end) AS latest,
    max(period_end) FILTER (WHERE annual) AS last_annual,
    min(month_offset) FILTER (WHERE annual) AS lo, max(month_offset) FILTER (WHERE annual) AS hi,
    avg(month_offset) FILTER (WHERE annual) AS mean_offset
  FROM shaped GROUP BY cik
),
position AS (
  SELECT h.*, (SELECT count(*) FROM reports r WHERE r.cik = h.cik AND r.period_end > h.last_annual) AS quarters_since
  FROM habit h
),
candidates AS (
  SELECT *, (last_annual + 364)::DATE AS short_year, (last_annual + 371)::DATE AS long_year FROM position
),
offsets AS (
  SELECT *,
    short_year - CASE WHEN day(short_year) <= 15 THEN last_day(short_year - INTERVAL 1 MONTH) ELSE last_day(short_year) END AS short_offset,
    long_year - CASE WHEN day(long_year) <= 15 THEN last_day(long_year - INTERVAL 1 MONTH) ELSE last_day(long_year) END AS long_offset
  FROM candidates
),
next_year AS (
  SELECT *,
    CASE
      WHEN last_annual IS NULL THEN NULL
      WHEN month_end THEN last_day(last_annual + INTERVAL 12 MONTH)::DATE
      WHEN short_offset BETWEEN lo AND hi AND NOT long_offset BETWEEN lo AND hi THEN short_year
      WHEN long_offset BETWEEN lo AND hi AND NOT short_offset BETWEEN lo AND hi THEN long_year
      WHEN abs(short_offset - mean_offset) <= abs(long_offset - mean_offset) THEN short_year
      ELSE long_year
    END AS year_end
  FROM offsets
),
-- a quarter after `prior`, or the year end when it is the fourth
first_ahead AS (
  SELECT cik, month_end, year_end, quarters_since,
    CASE
      WHEN year_end IS NOT NULL AND quarters_since >= 3 THEN year_end
      WHEN month_end THEN last_day(latest + INTERVAL 3 MONTH)::DATE
      WHEN year_end IS NOT NULL AND quarters_since = 0 AND year_end - last_annual = 371 THEN (latest + 98)::DATE
      ELSE (latest + 91)::DATE
    END AS period_end,
    year_end IS NOT NULL AND quarters_since >= 3 AS annual
  FROM next_year
),
second_ahead AS (
  SELECT cik,
    CASE
      WHEN year_end IS NOT NULL AND quarters_since = 2 THEN year_end
      WHEN month_end THEN last_day(period_end + INTERVAL 3 MONTH)::DATE
      ELSE (period_end + 91)::DATE
    END AS period_end,
    year_end IS NOT NULL AND quarters_since = 2 AS annual
  FROM first_ahead
)
SELECT cik, period_end, annual, false AS projected FROM reports
UNION ALL
SELECT cik, period_end, annual, true AS projected FROM first_ahead
UNION ALL
SELECT cik, period_end, annual, true AS projected FROM second_ahead;
