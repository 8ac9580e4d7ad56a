-- One row per IPO deal (p_status NULL: every stage): an issuer's first S-1 or F-1 registration when it filed no 10-K,
-- 10-Q, 20-F or 40-F before it (an already reporting company's S-1 is a resale or follow-on, not an IPO) and whose
-- cover does not say its securities are already listed on an exchange (same reason, when the reports are not on file). The stage is
-- a function of the set of documents on file, never of the order they were ingested in: a 424B4 final prospectus
-- prices the deal; else a Form RW withdraws it; else an EFFECT notice (the SEC declaring the registration effective,
-- when the deal prices) or the issuer's acceleration request (a CORRESP letter asking for effectiveness at a stated date)
-- makes it upcoming, the EFFECT date winning over the requested one; else it is filed. So a later document moves a deal forward only, a document
-- ingested late but dated earlier changes nothing it should not, and an RW after a 424B4 leaves the deal priced.
-- Filed -> withdrawn directly (an RW without an EFFECT notice) is allowed. The terms come from the prospectus covers
-- (prospectus_terms): the price range from the newest S-1/F-1 (or amendment) that states one, shown until the deal
-- prices; price, shares and dollar value from the 424B4 (before it, the shares and the range's midpoint times them from
-- the registration); ticker and exchange as listed on EDGAR once trading, else as the newest prospectus proposes.
-- Key: cik.
CREATE OR REPLACE MACRO ipo_deals(p_status, p_stored := false) AS TABLE
WITH filings AS MATERIALIZED (
  SELECT cik, accession, form, filed, file_number FROM filing_rows(NULL, p_stored := p_stored)
  WHERE form IN ('S-1', 'S-1/A', 'F-1', 'F-1/A', 'EFFECT', '424B4', 'RW', '10-K', '10-Q', '20-F', '40-F')
),
-- an amendment stands for its registration when the original is not on file (an index that starts after it)
registrations AS (
  SELECT cik, min(filed) AS first_filed, replace(arg_min(form, filed), '/A', '') AS registration_form,
    arg_min(file_number, filed) AS file_number
  FROM filings WHERE form IN ('S-1', 'F-1', 'S-1/A', 'F-1/A') GROUP BY cik
),
terms AS (
  SELECT p.*, f.filed, f.form AS filing_form, f.file_number FROM prospectus_terms(NULL) p JOIN filings f USING (cik, accession)
),
final_terms AS (
  SELECT cik, arg_max(price, filed) AS price, arg_max(shares_offered, filed) AS shares_offered,
    arg_max(gross_proceeds, filed) AS gross_proceeds
  FROM terms WHERE filing_form = '424B4' AND price IS NOT NULL GROUP BY cik
),
range_terms AS (
  -- a registration that states a fixed price (a SPAC's $10.00 units) has a range of one price
  SELECT cik, arg_max(coalesce(price_range_low, price), filed) AS price_range_low,
    arg_max(coalesce(price_range_high, price), filed) AS price_range_high, arg_max(shares_offered, filed) AS shares_offered
  FROM terms WHERE filing_form IN ('S-1', 'S-1/A', 'F-1', 'F-1/A') AND coalesce(price_range_low, price) IS NOT NULL GROUP BY cik
),
listing_terms AS (
  SELECT cik, arg_max(ticker, filed) AS ticker, arg_max(exchange, filed) AS exchange
  FROM terms WHERE ticker IS NOT NULL GROUP BY cik
),
requests AS (
  SELECT cik, filed, requested_date FROM acceleration_requests() WHERE requested_date IS NOT NULL
),
ipos AS (
  SELECT r.* FROM registrations r
  WHERE NOT EXISTS (SELECT 1 FROM filings x WHERE x.cik = r.cik AND x.form IN ('10-K', '10-Q', '20-F', '40-F') AND x.filed < r.first_filed)
    -- nor when that registration's own cover says the securities already trade on an exchange (a listed company's
    -- resale or follow-on S-1 whose periodic reports are not on file: Acurx's 2023 selling-stockholder S-1)
    AND NOT EXISTS (SELECT 1 FROM terms t WHERE t.cik = r.cik AND t.file_number = r.file_number
                    AND t.filing_form IN ('S-1', 'S-1/A', 'F-1', 'F-1/A') AND t.listed)
),
stages AS (
  SELECT i.cik, i.first_filed, i.registration_form,
    min(f.filed) FILTER (WHERE f.form = 'EFFECT') AS effective,
    min(f.filed) FILTER (WHERE f.form = '424B4') AS prospectus,
    min(f.filed) FILTER (WHERE f.form = 'RW') AS withdrawn,
    -- the newest request is the one standing (a registrant re-requests when a date slips)
    (SELECT arg_max(q.requested_date, q.filed) FROM requests q WHERE q.cik = i.cik AND q.filed >= i.first_filed) AS requested
  FROM ipos i JOIN filings f ON f.cik = i.cik AND f.filed >= i.first_filed
  GROUP BY i.cik, i.first_filed, i.registration_form
),
staged AS (
  SELECT *,
    CASE WHEN prospectus IS NOT NULL THEN 'priced' WHEN withdrawn IS NOT NULL THEN 'withdrawn'
         WHEN coalesce(effective, requested) IS NOT NULL THEN 'upcoming' ELSE 'filed' END AS status,
    coalesce(effective, requested) AS expected
  FROM stages
)
SELECT s.status, e.name AS companyName, s.cik::INTEGER AS cik, s.registration_form AS registrationForm,
  -- a listed ticker is what the issuer trades under; before listing, what the prospectus cover proposes
  coalesce(e.tickers[1], l.ticker) AS proposedTicker,
  coalesce(nullif(e.exchanges[1], ''), l.exchange) AS exchange,
  CASE WHEN s.status <> 'priced' THEN r.price_range_low END AS priceRangeLow,
  CASE WHEN s.status <> 'priced' THEN r.price_range_high END AS priceRangeHigh,
  CASE WHEN s.status = 'priced' THEN t.price END AS price,
  CASE WHEN s.status = 'priced' THEN t.shares_offered ELSE r.shares_offered END::BIGINT AS sharesOffered,
  CASE WHEN s.status = 'priced' THEN coalesce(t.gross_proceeds, t.price * t.shares_offered)
       ELSE (r.price_range_low + r.price_range_high) / 2 * r.shares_offered END::DOUBLE AS dollarValue,
  CASE WHEN s.status IN ('filed', 'withdrawn') THEN strftime(s.first_filed, '%Y-%m-%d') END AS filedDate,
  CASE WHEN s.status = 'upcoming' THEN strftime(s.expected, '%Y-%m-%d') END AS expectedPriceDate,
  -- a deal prices the day its registration goes effective; the 424B4 follows within two business days
  CASE WHEN s.status = 'priced' THEN strftime(CASE WHEN s.expected BETWEEN s.prospectus - 4 AND s.prospectus THEN s.expected ELSE s.prospectus END, '%Y-%m-%d') END AS pricedDate,
  CASE WHEN s.status = 'withdrawn' THEN strftime(s.withdrawn, '%Y-%m-%d') END AS withdrawnDate
FROM staged s LEFT JOIN entity_index e USING (cik)
LEFT JOIN final_terms t USING (cik)
LEFT JOIN range_terms r USING (cik)
LEFT JOIN listing_terms l USING (cik)
WHERE p_status IS NULL OR s.status = p_status
ORDER BY coalesce(s.prospectus, s.withdrawn, s.expected, s.first_filed) DESC, s.cik;
