-- One row per earnings date of a company (p_cik; the companies of cik bucket p_bucket; both NULL: every company):
-- confirmed (an earnings release, the first 8-K Item 2.02 of a fiscal period; for a company with no 10-Q / 10-K period
-- end on file, the first of each quarter's cluster of releases, with no fiscal period) and predicted (earnings_prediction as of
-- today, only while no release of that period is on file), in the API's shape, with `day` (the date as DATE) to select
-- a window on. The materialize step stores it per bucket (earnings_calendar_stored reads it). Key: cik, date, status.
CREATE OR REPLACE MACRO earnings_calendar_rows(p_cik, p_bucket) AS TABLE
WITH confirmed AS (
  SELECT cik, release_date AS date, 'confirmed' AS status, NULL::VARCHAR AS confidence, NULL::VARCHAR AS based_on,
    period_end, annual, days_after_period_end, accession, primary_document
  FROM earnings_releases(p_cik, NULL, p_bucket := p_bucket)
  WHERE is_primary OR (opens_quarter AND cadence_only)
),
predicted AS (
  SELECT cik, expected_date AS date, 'predicted' AS status, confidence, based_on, period_end, annual,
    (expected_date - period_end)::INTEGER AS days_after_period_end, NULL::VARCHAR AS accession, NULL::VARCHAR AS primary_document
  FROM earnings_prediction(p_cik, NULL, p_bucket := p_bucket)
),
dated AS (
  SELECT * FROM confirmed UNION ALL SELECT * FROM predicted
),
named AS (
  SELECT d.*, e.name AS company_name, e.tickers[1] AS symbol
  FROM dated d LEFT JOIN entity_index e USING (cik)
)
SELECT n.cik::INTEGER AS cik, n.symbol, n.company_name AS companyName, strftime(n.date, '%Y-%m-%d') AS date, n.status,
  n.confidence, n.based_on AS basedOn, strftime(n.period_end, '%Y-%m-%d') AS fiscalPeriodEnd,
  CASE WHEN n.annual THEN 'annual' WHEN NOT n.annual THEN 'quarter' END AS periodKind,
  n.days_after_period_end AS daysAfterPeriodEnd,
  n.accession AS accessionNumber,
  CASE WHEN n.accession IS NOT NULL THEN 'https://www.sec.gov/Archives/edgar/data/' || n.cik || '/' || replace(n.accession, '-', '') || '/'
    || coalesce(n.primary_document, n.accession || '-index.htm') END AS url,
  n.date AS day
FROM named n;

-- The window of earnings_calendar: p_from to p_to; without them, a company's whole history, or for every company the
-- next 30 days from today. One row: lo, hi.
CREATE OR REPLACE MACRO earnings_calendar_window(p_cik, p_from, p_to) AS TABLE
SELECT coalesce(p_from::DATE, CASE WHEN p_cik IS NULL THEN current_date END, DATE '0001-01-01') AS lo,
       coalesce(p_to::DATE, CASE WHEN p_cik IS NULL THEN (current_date + 30)::DATE END, DATE '9999-12-31') AS hi;

-- /api/earnings/calendar: with p_cik, that company's history and prediction, newest first; with NULL, every company's
-- dates from p_from to p_to (default: the next 30 days from today), soonest first. Key: cik, date, status.
CREATE OR REPLACE MACRO earnings_calendar(p_cik, p_from, p_to) AS TABLE
SELECT r.* EXCLUDE (day)
FROM earnings_calendar_rows(p_cik, NULL) r, earnings_calendar_window(p_cik, p_from, p_to) w
WHERE r.day BETWEEN w.lo AND w.hi
ORDER BY CASE WHEN p_cik IS NULL THEN r.day END ASC, r.day DESC, r.cik;
