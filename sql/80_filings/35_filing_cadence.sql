-- One row per (cik, form) of the periodic forms a company filed at least twice (p_as_of NULL: today): the next filing
-- expected from its cadence (median of the last four intervals between filings of the form, from the latest one),
-- snapped off the weekend, confidence from the intervals' median absolute deviation (high <= 3 days, medium <= 10),
-- and its historical pattern (months filed over the last three years, mean days after the period end).
CREATE OR REPLACE MACRO filing_cadence(p_cik, p_as_of, p_stored := false, p_bucket := NULL) AS TABLE
WITH filed AS (
  SELECT cik, form, filed, report_date
  FROM filing_rows(p_cik, p_stored := p_stored, p_bucket := p_bucket)
  WHERE form IN ('10-K', '10-Q', '10-KT', '20-F', '40-F', 'DEF 14A', '11-K', 'ARS', 'SD', '10-D', 'N-CSR', 'N-CSRS',
                 'NPORT-P', 'N-CEN', 'N-PX', '13F-HR', '24F-2NT', 'N-MFP2', 'N-MFP3', 'X-17A-5')
    AND filed < coalesce(p_as_of, current_date + 1)
),
gaps AS (
  SELECT *, filed - lag(filed) OVER (PARTITION BY cik, form ORDER BY filed) AS gap,
    row_number() OVER (PARTITION BY cik, form ORDER BY filed DESC) AS back
  FROM filed
),
cadence AS (
  SELECT cik, form, max(filed) AS last_filed, count(*) AS n,
    quantile_disc(gap, 0.5) FILTER (WHERE back <= 4 AND gap IS NOT NULL) AS interval_days
  FROM gaps GROUP BY cik, form HAVING count(*) >= 2
),
spread AS (
  SELECT g.cik, g.form, quantile_cont(abs(g.gap - c.interval_days), 0.5) AS mad, count(*) AS intervals
  FROM gaps g JOIN cadence c USING (cik, form) WHERE g.back <= 4 AND g.gap IS NOT NULL GROUP BY g.cik, g.form
),
pattern AS (
  SELECT f.cik, f.form, list(DISTINCT month(f.filed) ORDER BY month(f.filed)) AS typical_months,
    round(avg(f.filed - f.report_date) FILTER (WHERE f.report_date IS NOT NULL))::INTEGER AS avg_days_after_period_end
  FROM filed f JOIN cadence c USING (cik, form)
  WHERE f.filed > c.last_filed - INTERVAL 3 YEAR
  GROUP BY f.cik, f.form
)
SELECT c.cik, c.form, c.last_filed, c.interval_days::INTEGER AS interval_days,
  CASE isodow(c.last_filed + c.interval_days::INTEGER)
    WHEN 6 THEN c.last_filed + c.interval_days::INTEGER - 1
    WHEN 7 THEN c.last_filed + c.interval_days::INTEGER + 1
    ELSE c.last_filed + c.interval_days::INTEGER
  END::DATE AS expected_date,
  CASE WHEN s.intervals >= 2 AND s.mad <= 3 THEN 'high' WHEN s.intervals >= 2 AND s.mad <= 10 THEN 'medium' ELSE 'low' END AS confidence,
  p.typical_months, p.avg_days_after_period_end
FROM cadence c JOIN spread s USING (cik, form) JOIN pattern p USING (cik, form)
-- a form filed more often than monthly has no cadence worth predicting
WHERE c.interval_days >= 20;
