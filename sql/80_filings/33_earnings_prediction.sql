-- One row per company with a prior earnings release: the predicted date of its next one as of p_as_of (NULL: today).
-- Rule: the next fiscal period end after the last reported one (by a release, or by a filed 10-Q / 10-K), plus the
-- median days-after-period-end of the same kind of release (annual vs quarterly: Q4 releases come later) over the last
-- 8 quarterly / 4 annual releases; moved to
-- the usual weekday of those releases when one holds at least half of them, else off the weekend (Sat -> Fri,
-- Sun -> Mon). Confidence from the median absolute deviation (MAD) of those lags: high <= 1 day, medium <= 4 days,
-- low otherwise or with fewer than 3 releases of that kind.
-- A company with earnings 8-Ks but no 10-Q / 10-K period end on file (only its 8-Ks ingested, or a filer whose periodic
-- reports are not 10-Q / 10-K) follows its releases' own cadence, counted from the first release of each quarter
-- (`opens_quarter`): 52 weeks after the earliest such release that lands 31..140 days after the last one (a year on,
-- same weekday); without a year of history, the median interval (60..120 days) between its last 8 quarter openings,
-- else 13 weeks after the last one, off the weekend. Confidence of the 52-week rule from how far each past quarter
-- opening fell from 52 weeks after the one a year before it (median absolute deviation over the last 4 such pairs):
-- medium <= 4 days, low otherwise or under 3 pairs; never high, since without period ends a 52/53-week company's 53rd
-- week cannot be seen coming (Apple's FY2023 Q1 release came 2023-02-02, 53 weeks after 2022-01-27); the interval
-- rules are low. Key: cik.
CREATE OR REPLACE MACRO earnings_prediction(p_cik, p_as_of, p_stored := false, p_bucket := NULL) AS TABLE
WITH releases AS (
  SELECT * FROM earnings_releases(p_cik, p_as_of, p_stored := p_stored, p_bucket := p_bucket)
),
reported AS (
  SELECT cik, max(period_end) AS last_period_end, max(release_date) AS last_release FROM releases GROUP BY cik
),
ends AS (
  SELECT * FROM earnings_period_ends(p_cik, p_as_of, p_stored := p_stored, p_bucket := p_bucket)
),
-- the newest period whose 10-Q / 10-K is filed: its results are public, with or without an earnings 8-K
filed_through AS (
  SELECT cik, max(period_end) AS period_end FROM ends WHERE NOT projected GROUP BY cik
),
-- the next release reports the first period after both the last one released and the last one filed (a company that
-- stopped furnishing earnings 8-Ks is not predicted to release a quarter its 10-Q already reported)
target AS (
  SELECT e.cik, arg_min(e.period_end, e.period_end) AS period_end, arg_min(e.annual, e.period_end) AS annual
  FROM ends e JOIN reported r USING (cik) LEFT JOIN filed_through f USING (cik)
  WHERE e.period_end > coalesce(r.last_period_end, r.last_release - 120)
    AND e.period_end > coalesce(f.period_end, DATE '0001-01-01')
  GROUP BY e.cik
),
history AS (
  SELECT r.cik, r.days_after_period_end AS lag, r.release_date, r.annual = t.annual AS same_kind,
    row_number() OVER (PARTITION BY r.cik, r.annual = t.annual ORDER BY r.release_date DESC) AS back
  FROM releases r JOIN target t USING (cik)
  WHERE r.is_primary
),
-- the same kind when it has history, else every release
kind AS (
  SELECT cik, bool_or(same_kind) AS has_same FROM history GROUP BY cik
),
lags AS (
  SELECT h.cik, h.lag, h.release_date FROM history h JOIN kind k USING (cik) JOIN target t USING (cik)
  WHERE (h.same_kind OR NOT k.has_same) AND h.back <= CASE WHEN t.annual THEN 4 ELSE 8 END
),
estimate AS (
  SELECT cik, quantile_disc(lag, 0.5) AS lag, count(*) AS n FROM lags GROUP BY cik
),
spread AS (
  SELECT l.cik, quantile_cont(abs(l.lag - e.lag), 0.5) AS mad FROM lags l JOIN estimate e USING (cik) GROUP BY l.cik
),
-- the usual weekday of the same releases the lag comes from (a company may release Q4 on another day)
weekday AS (
  SELECT cik, dow, share FROM (
    SELECT cik, isodow(release_date) AS dow, count(*) / sum(count(*)) OVER (PARTITION BY cik) AS share
    FROM lags GROUP BY cik, isodow(release_date)
  ) QUALIFY row_number() OVER (PARTITION BY cik ORDER BY share DESC, dow) = 1
),
raw AS (
  SELECT t.cik, t.period_end, t.annual, (t.period_end + e.lag::INTEGER)::DATE AS raw_date, e.lag, e.n, s.mad, w.dow, w.share
  FROM target t JOIN estimate e USING (cik) JOIN spread s USING (cik) LEFT JOIN weekday w USING (cik)
),
-- the releases' own cadence, for a company with no 10-Q / 10-K period end on file
quarters AS (
  SELECT r.cik, r.release_date FROM releases r WHERE r.opens_quarter AND r.cadence_only
),
last_quarter AS (
  SELECT cik, max(release_date) AS last_open, count(*) AS openings FROM quarters GROUP BY cik
),
anniversary AS (
  SELECT q.cik, min(q.release_date) AS year_before
  FROM quarters q JOIN last_quarter l USING (cik)
  WHERE q.release_date + 364 > l.last_open + 30 AND q.release_date + 364 <= l.last_open + 140
  GROUP BY q.cik
),
-- each quarter opening against 52 weeks after the opening nearest a year before it (within 3 weeks)
year_pairs AS (
  SELECT cik, dev, row_number() OVER (PARTITION BY cik ORDER BY release_date DESC) AS back FROM (
    SELECT q.cik, q.release_date, arg_min(q.release_date - p.release_date - 364, abs(q.release_date - p.release_date - 364)) AS dev
    FROM quarters q JOIN quarters p ON p.cik = q.cik AND abs(q.release_date - p.release_date - 364) <= 21
    GROUP BY q.cik, q.release_date
  )
),
year_spread AS (
  SELECT cik, count(*) AS n, quantile_cont(abs(dev), 0.5) AS mad FROM year_pairs WHERE back <= 4 GROUP BY cik
),
intervals AS (
  SELECT cik, gap, row_number() OVER (PARTITION BY cik ORDER BY release_date DESC) AS back FROM (
    SELECT cik, release_date, release_date - lag(release_date) OVER (PARTITION BY cik ORDER BY release_date) AS gap FROM quarters
  ) WHERE gap BETWEEN 60 AND 120
),
usual_interval AS (
  SELECT cik, quantile_disc(gap, 0.5) AS gap, count(*) AS n FROM intervals WHERE back <= 8 GROUP BY cik
),
cadence AS (
  SELECT l.cik,
    CASE
      WHEN a.year_before IS NOT NULL THEN (a.year_before + 364)::DATE
      ELSE (l.last_open + coalesce(u.gap, 91)::INTEGER)::DATE
    END AS raw_date,
    coalesce(CASE WHEN a.year_before IS NOT NULL THEN y.n END, u.n, 0)::INTEGER AS n,
    CASE WHEN a.year_before IS NOT NULL THEN y.mad END AS mad,
    CASE
      WHEN a.year_before IS NOT NULL THEN '52 weeks after the release of ' || strftime(a.year_before, '%Y-%m-%d')
      WHEN u.gap IS NOT NULL THEN 'median ' || u.gap || ' days between the last ' || (u.n + 1) || ' quarterly releases'
      ELSE '13 weeks after the last quarterly release (' || strftime(l.last_open, '%Y-%m-%d') || ')'
    END || ' (no 10-Q / 10-K period ends on file)' AS based_on
  FROM last_quarter l LEFT JOIN anniversary a USING (cik) LEFT JOIN year_spread y USING (cik) LEFT JOIN usual_interval u USING (cik)
),
snapped AS (
  SELECT *,
    CASE
      -- nearest day with the usual weekday: shift by -3..+3
      WHEN share >= 0.5 THEN (raw_date + ((((dow - isodow(raw_date) + 10) % 7) - 3))::INTEGER)::DATE
      WHEN isodow(raw_date) = 6 THEN (raw_date - 1)::DATE
      WHEN isodow(raw_date) = 7 THEN (raw_date + 1)::DATE
      ELSE raw_date
    END AS expected_date
  FROM raw
)
SELECT s.cik, s.expected_date, s.period_end, s.annual, s.lag::INTEGER AS days_after_period_end, s.n::INTEGER AS releases_used,
  s.mad::DOUBLE AS mad_days,
  CASE WHEN s.n >= 3 AND s.mad <= 1 THEN 'high' WHEN s.n >= 3 AND s.mad <= 4 THEN 'medium' ELSE 'low' END AS confidence,
  'median ' || s.lag || ' days after the ' || CASE WHEN s.annual THEN 'fiscal year' ELSE 'quarter' END || ' end over the last '
    || s.n || CASE WHEN s.annual THEN ' annual' ELSE ' quarterly' END || ' releases' AS based_on,
  r.last_release
FROM snapped s JOIN reported r USING (cik)
UNION ALL
SELECT c.cik,
  CASE isodow(c.raw_date) WHEN 6 THEN c.raw_date - 1 WHEN 7 THEN c.raw_date + 1 ELSE c.raw_date END::DATE AS expected_date,
  NULL::DATE AS period_end, NULL::BOOLEAN AS annual, NULL::INTEGER AS days_after_period_end, c.n AS releases_used,
  c.mad::DOUBLE AS mad_days,
  CASE WHEN c.n >= 3 AND c.mad <= 4 THEN 'medium' ELSE 'low' END AS confidence,
  c.based_on, r.last_release
FROM cadence c JOIN reported r USING (cik);
