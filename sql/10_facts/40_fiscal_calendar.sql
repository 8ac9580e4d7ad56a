-- Grain: one row per (cik, fiscal_year): the company's own fiscal calendar, read from its annual-duration facts
-- (357-371 days covers 52/53-week years and any year end). `latest` names a relation shaped like fact_latest (a CTE
-- of the caller, so the facts are read once). fiscal_year is the calendar year in which the fiscal year ends, less
-- 10 days (a 52/53-week year ending in the first days of January belongs to the prior year): from the period end date
-- and the company's calendar only, never from a filing's DocumentFiscalYearFocus, which some filers tag one year low
-- for years, and which would make a point-in-time answer's labels depend on which filings it can see.
-- One extra year after the last known year end (the year now being reported in 10-Qs) and one before the first;
-- likewise one after the last and one before the first year known only from interim spans.
-- A company with no annual facts yet (a new registrant before its first 10-K) gets its years from where its
-- half-year and nine-month year-to-date spans begin, labelled by where such a year would end.
-- A company with neither (only three-month spans: a new registrant's first 10-Q, a lone Q1 10-Q) gets its years from
-- the fiscal year end it states (entities' fiscal_year_end, MMDD: sub.txt fye, submissions fiscalYearEnd), one per
-- year its facts end in: the stated month/day on or after the fact's end less 10 days (52/53-week years).
-- window_lo < period_end <= window_hi places a fact's end date in a fiscal year.
CREATE OR REPLACE MACRO fiscal_calendar(latest) AS TABLE
WITH annual AS MATERIALIZED (
  SELECT cik, period_end AS fy_end, mode(period_start) AS fy_start, count(DISTINCT concept) AS support
  FROM query_table(latest)
  WHERE period_start IS NOT NULL AND period_end - period_start + 1 BETWEEN 357 AND 371
  GROUP BY ALL
),
ends AS (
  -- an annual span ending within 300 days of a better-supported one is a trailing-twelve-month disclosure, not a year
  SELECT a.* FROM annual a
  LEFT JOIN annual o
    ON o.cik = a.cik AND o.fy_end <> a.fy_end AND abs(o.fy_end - a.fy_end) < 300
   AND (o.support > a.support OR (o.support = a.support AND o.fy_end > a.fy_end))
  WHERE o.cik IS NULL
),
known AS MATERIALIZED (
  SELECT cik, year(fy_end - INTERVAL 10 DAY)::INTEGER AS fiscal_year, fy_start, fy_end,
         lag(fy_end) OVER (PARTITION BY cik ORDER BY fy_end) AS prev_end
  FROM ends
),
bounds AS MATERIALIZED (
  SELECT cik, min(fiscal_year) AS first_year, max(fiscal_year) AS last_year,
         arg_min(fy_start, fy_end) AS first_start, max(fy_end) AS last_end
  FROM known GROUP BY ALL
),
interim_starts AS (
  SELECT cik, period_start AS fy_start, count(*) AS support
  FROM query_table(latest)
  WHERE period_start IS NOT NULL
    AND (period_end - period_start + 1 BETWEEN 175 AND 190 OR period_end - period_start + 1 BETWEEN 266 AND 280)
    AND cik NOT IN (SELECT cik FROM annual)
  GROUP BY ALL
),
interim_years AS (
  -- labelled as the year it would be once its end is known: year(start + 363 days - 10 days)
  SELECT s.*, year(s.fy_start + INTERVAL 353 DAY)::INTEGER AS fiscal_year FROM interim_starts s
  LEFT JOIN interim_starts o ON o.cik = s.cik AND o.fy_start <> s.fy_start AND abs(o.fy_start - s.fy_start) < 300
   AND (o.support > s.support OR (o.support = s.support AND o.fy_start > s.fy_start))
  WHERE o.cik IS NULL
),
quarter_only AS (
  SELECT DISTINCT cik FROM query_table(latest)
  WHERE cik NOT IN (SELECT cik FROM annual) AND cik NOT IN (SELECT cik FROM interim_starts)
),
stated AS MATERIALIZED (
  -- the newest stated year end (stated_year_end)
  SELECT cik, substr(fye, 1, 2)::INTEGER AS mm, substr(fye, 3, 2)::INTEGER AS dd
  FROM stated_year_end('src_entities')
  WHERE cik IN (SELECT cik FROM quarter_only)
),
stated_ends AS (
  -- each fact's year end: the first stated month/day (clamped to the month's length) not before its end less 10 days
  SELECT l.cik, s.mm, s.dd, min(es.e) AS fy_end
  FROM (SELECT DISTINCT cik, period_end FROM query_table(latest)) l
  JOIN stated s USING (cik),
  LATERAL (SELECT unnest([-1, 0, 1]) AS k) ks,
  LATERAL (SELECT make_date(year(l.period_end) + ks.k, s.mm,
                            least(s.dd, day(last_day(make_date(year(l.period_end) + ks.k, s.mm, 1))))) AS e) es
  WHERE es.e >= l.period_end - 10
  GROUP BY l.cik, l.period_end, s.mm, s.dd
),
stated_years AS (
  SELECT DISTINCT cik, fy_end,
         make_date(year(fy_end) - 1, mm, least(dd, day(last_day(make_date(year(fy_end) - 1, mm, 1))))) AS prev_end
  FROM stated_ends
),
interim_bounded AS (
  SELECT *, lead(fy_start) OVER (PARTITION BY cik ORDER BY fy_start) AS next_start,
         lag(fy_start) OVER (PARTITION BY cik ORDER BY fy_start) AS prev_start FROM interim_years
)
SELECT cik, fiscal_year, fy_start, fy_end, true AS known,
       greatest(fy_start - 1, coalesce(prev_end, fy_start - 1)) AS window_lo, fy_end AS window_hi
FROM known
UNION ALL
SELECT cik, last_year + 1, last_end + 1, NULL, false, last_end, last_end + 371
FROM bounds
UNION ALL
SELECT cik, first_year - 1, first_start - 364, first_start - 1, false, first_start - 372, first_start - 1
FROM bounds
UNION ALL
SELECT cik, fiscal_year, fy_start, NULL, false, fy_start - 1,
       least(fy_start + 370, coalesce(next_start - 1, fy_start + 370))
FROM interim_bounded
UNION ALL
-- the year after the last one the interim spans start (as after the last known year end): without it a Q1 10-Q filed
-- after a registrant's H1/9M filings had no fiscal year, and its quarter was dropped
SELECT cik, fiscal_year + 1, (fy_start + INTERVAL 1 YEAR)::DATE, NULL, false, fy_start + 370, (fy_start + INTERVAL 1 YEAR)::DATE + 370
FROM interim_bounded
WHERE next_start IS NULL
UNION ALL
-- and the year before the first (its comparatives), as before the first known year
SELECT cik, fiscal_year - 1, (fy_start - INTERVAL 1 YEAR)::DATE, NULL, false, (fy_start - INTERVAL 1 YEAR)::DATE - 8, fy_start - 1
FROM interim_bounded
WHERE prev_start IS NULL
UNION ALL
SELECT cik, year(fy_end - INTERVAL 10 DAY)::INTEGER, prev_end + 1, NULL, false, prev_end + 10, fy_end + 10
FROM stated_years;
