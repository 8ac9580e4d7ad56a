-- One row per company with a prior earnings release: the predicted date of its next one as of p_as_of (NULL: today).
-- Rule: the next fiscal period end after the last reported one (by a release, or by a filed 10-Q / 10-K), plus the
-- median days-after-period-end of the same kind of release (annual vs quarterly: Q4 releases come later) over the last
-- 8 quarterly / 4 annual releases; moved to
-- the usual weekday of those releases when one holds at least half of them, else off the weekend (Sat -> Fri,
-- Sun -> Mon). Confidence from the median absolute deviation (MAD) of those lags: high <= 1 day, medium <= 4 days,
-- low otherwise or with fewer than 3 releases of that kind. Key: cik.
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
FROM snapped s JOIN reported r USING (cik);
