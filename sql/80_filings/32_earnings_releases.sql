-- One row per earnings release (an 8-K reporting Item 2.02, Results of Operations and Financial Condition) filed
-- before p_as_of, matched to the fiscal period it reports: the latest period end before it, at most 120 days back.
-- `is_primary` marks the first release of each period at least 10 days after its end: results take longer than that to
-- close, so earlier 2.02 8-Ks (delivery counts, preliminary figures) and later ones (updates) are not the earnings
-- release. `opens_quarter` marks a release more than 30 days after the company's previous one (the first of each
-- quarter's cluster); `cadence_only` a company with no 10-Q / 10-K period end on file, whose releases are dated by
-- their own cadence (earnings_prediction) and whose quarter openings are its confirmed dates. Key: cik, accession.
CREATE OR REPLACE MACRO earnings_releases(p_cik, p_as_of, p_stored := false, p_bucket := NULL) AS TABLE
WITH releases AS (
  SELECT cik, accession, filed AS release_date, accepted, primary_document
  FROM filing_rows(p_cik, p_stored := p_stored, p_bucket := p_bucket)
  WHERE form = '8-K' AND list_contains(items, '2.02') AND filed < coalesce(p_as_of, current_date + 1)
),
ends AS (
  SELECT * FROM earnings_period_ends(p_cik, p_as_of, p_stored := p_stored, p_bucket := p_bucket)
),
matched AS (
  SELECT r.*, e.period_end, e.annual
  FROM releases r ASOF LEFT JOIN ends e ON r.cik = e.cik AND r.release_date > e.period_end
),
bounded AS (
  SELECT cik, accession, release_date, accepted, primary_document,
    CASE WHEN release_date - period_end <= 120 THEN period_end END AS period_end,
    CASE WHEN release_date - period_end <= 120 THEN annual END AS annual
  FROM matched
),
periodless AS (
  SELECT r.cik, NOT EXISTS (SELECT 1 FROM ends e WHERE e.cik = r.cik) AS cadence_only FROM (SELECT DISTINCT cik FROM releases) r
)
SELECT *, (release_date - period_end)::INTEGER AS days_after_period_end,
  period_end IS NOT NULL AND release_date - period_end >= 10
    AND row_number() OVER (PARTITION BY cik, period_end, release_date - period_end >= 10 ORDER BY release_date, accession) = 1 AS is_primary,
  coalesce(release_date - lag(release_date) OVER (PARTITION BY cik ORDER BY release_date, accession) > 30, true) AS opens_quarter,
  cadence_only
FROM bounded JOIN periodless USING (cik);
