-- One row per IPO deal (p_status NULL: every stage): an issuer's first S-1 or F-1 registration when it filed no 10-K,
-- 10-Q, 20-F or 40-F before it (an already reporting company's S-1 is a resale or follow-on, not an IPO). The stage is
-- a function of the set of documents on file, never of the order they were ingested in: a 424B4 final prospectus
-- prices the deal; else a Form RW withdraws it; else an EFFECT notice (the SEC declaring the registration effective,
-- when the deal prices) makes it upcoming; else it is filed. So a later document moves a deal forward only, a document
-- ingested late but dated earlier changes nothing it should not, and an RW after a 424B4 leaves the deal priced.
-- Filed -> withdrawn directly (an RW without an EFFECT notice) is allowed. Key: cik.
CREATE OR REPLACE MACRO ipo_deals(p_status) AS TABLE
WITH filings AS MATERIALIZED (
  SELECT cik, accession, form, filed FROM filing_rows(NULL)
  WHERE form IN ('S-1', 'S-1/A', 'F-1', 'F-1/A', 'EFFECT', '424B4', 'RW', '10-K', '10-Q', '20-F', '40-F')
),
registrations AS (
  SELECT cik, min(filed) AS first_filed, arg_min(form, filed) AS registration_form
  FROM filings WHERE form IN ('S-1', 'F-1') GROUP BY cik
),
ipos AS (
  SELECT r.* FROM registrations r
  WHERE NOT EXISTS (SELECT 1 FROM filings x WHERE x.cik = r.cik AND x.form IN ('10-K', '10-Q', '20-F', '40-F') AND x.filed < r.first_filed)
),
stages AS (
  SELECT i.cik, i.first_filed, i.registration_form,
    min(f.filed) FILTER (WHERE f.form = 'EFFECT') AS effective,
    min(f.filed) FILTER (WHERE f.form = '424B4') AS prospectus,
    min(f.filed) FILTER (WHERE f.form = 'RW') AS withdrawn
  FROM ipos i JOIN filings f ON f.cik = i.cik AND f.filed >= i.first_filed
  GROUP BY i.cik, i.first_filed, i.registration_form
),
staged AS (
  SELECT *,
    CASE WHEN prospectus IS NOT NULL THEN 'priced' WHEN withdrawn IS NOT NULL THEN 'withdrawn'
         WHEN effective IS NOT NULL THEN 'upcoming' ELSE 'filed' END AS status
  FROM stages
)
SELECT s.status, e.name AS companyName, s.cik::INTEGER AS cik, s.registration_form AS registrationForm,
  -- a listed ticker is what the issuer trades under; before listing none is known (prospectus covers are not parsed yet)
  e.tickers[1] AS proposedTicker,
  nullif(e.exchanges[1], '') AS exchange,
  -- the terms stated on the prospectus covers (range, final price, shares) are not read yet: always omitted
  NULL::DOUBLE AS priceRangeLow, NULL::DOUBLE AS priceRangeHigh, NULL::DOUBLE AS price, NULL::BIGINT AS sharesOffered,
  NULL::DOUBLE AS dollarValue,
  CASE WHEN s.status IN ('filed', 'withdrawn') THEN strftime(s.first_filed, '%Y-%m-%d') END AS filedDate,
  CASE WHEN s.status = 'upcoming' THEN strftime(s.effective, '%Y-%m-%d') END AS expectedPriceDate,
  -- a deal prices the day its registration goes effective; the 424B4 follows within two business days
  CASE WHEN s.status = 'priced' THEN strftime(CASE WHEN s.effective BETWEEN s.prospectus - 4 AND s.prospectus THEN s.effective ELSE s.prospectus END, '%Y-%m-%d') END AS pricedDate,
  CASE WHEN s.status = 'withdrawn' THEN strftime(s.withdrawn, '%Y-%m-%d') END AS withdrawnDate
FROM staged s LEFT JOIN entity_index e USING (cik)
WHERE p_status IS NULL OR s.status = p_status
ORDER BY coalesce(s.prospectus, s.withdrawn, s.effective, s.first_filed) DESC, s.cik;
