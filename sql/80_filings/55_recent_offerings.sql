-- One row per registration statement or prospectus (S-1, F-1, S-3, F-3 and their automatic-shelf forms, 424B1-424B8)
-- of a company (p_cik) or of every company, filed from p_from to p_to (each optional), newest first, with the lifecycle of the registration it belongs to (same file number): when the SEC declared it
-- effective (EFFECT; an automatic shelf on filing; a 424(b) prospectus proves it effective, date unknown without the
-- notice), post-effective amendments (POS AM), deregistration of the unsold securities (a POS AM saying so), withdrawal (RW); the offering terms its cover states
-- (prospectus_terms: price or range, shares, over-allotment option, gross proceeds, listing) and the amounts of its
-- filing-fee exhibit (filing_fees). An amendment filed without a fee exhibit (a consent-only S-3/A) carries the fees of
-- the newest earlier exhibit of the same registration, naming the filing they come from. Key: cik, accession (a
-- filing several companies list, co-registrants', is each one's offering; one company's: accession).
CREATE OR REPLACE MACRO recent_offerings(p_cik, p_from, p_to, p_stored := false) AS TABLE
WITH filings AS MATERIALIZED (
  SELECT * FROM filing_rows(p_cik, p_stored := p_stored)
  WHERE form IN ('S-1', 'S-1/A', 'F-1', 'F-1/A', 'S-3', 'S-3/A', 'F-3', 'F-3/A', 'S-3ASR', 'F-3ASR', 'POS AM', 'EFFECT', 'RW')
     OR form LIKE '424B_'
),
bounds AS (
  SELECT coalesce(p_from::DATE, DATE '0001-01-01') AS lo,
         coalesce(p_to::DATE, DATE '9999-12-31') AS hi
),
-- Effective: the SEC's EFFECT notice; an automatic shelf (S-3ASR, F-3ASR) on filing (Rule 462(e)); and a registration a
-- 424(b) prospectus was filed under is effective, since Rule 424(b) prospectuses are used after the effective date
-- (the date stays unknown without the notice)
-- A post-effective amendment filed to deregister the securities that remain unsold (the registrant's Item 512(a)(3)
-- undertaking): its own text says it deregisters unsold securities. The undertaking's wording alone ("remove from
-- registration ... which remain unsold"), which every registration statement repeats, does not count.
deregistrations AS (
  SELECT DISTINCT accession FROM src_document_text
  WHERE accession IN (SELECT accession FROM filings WHERE form = 'POS AM')
    AND regexp_matches(text, '(?i)deregist[^.]{0,200}\bunsold\b|\bunsold\b[^.]{0,200}deregist')
),
lifecycle AS (
  SELECT cik, file_number,
    coalesce(min(filed) FILTER (WHERE form = 'EFFECT'), min(filed) FILTER (WHERE form IN ('S-3ASR', 'F-3ASR'))) AS effective,
    count(*) FILTER (WHERE form LIKE '424B_') > 0 AS prospectus_filed,
    count(*) FILTER (WHERE form = 'POS AM') AS post_effective_amendments,
    max(filed) FILTER (WHERE form = 'POS AM') AS last_post_effective_amendment,
    min(filed) FILTER (WHERE form = 'RW') AS withdrawn,
    min(filed) FILTER (WHERE form = 'POS AM' AND accession IN (SELECT accession FROM deregistrations)) AS deregistered
  FROM filings WHERE file_number IS NOT NULL GROUP BY cik, file_number
),
offerings AS (
  SELECT f.* FROM filings f, bounds b
  WHERE f.form NOT IN ('POS AM', 'EFFECT', 'RW') AND f.filed BETWEEN b.lo AND b.hi
),
fees AS (
  SELECT x.accession, x.max_aggregate_offering_price, x.registration_fee, x.net_fee_due, f.cik, f.file_number, f.filed
  FROM filing_fees(p_cik) x JOIN filings f USING (accession)
),
-- by company and filing: a co-registrants' filing is each one's offering, with its own file number
fees_of AS (
  SELECT o.cik, o.accession,
    coalesce(own.accession, (SELECT arg_max(p.accession, p.filed) FROM fees p
                             WHERE p.cik = o.cik AND p.file_number = o.file_number AND p.filed <= o.filed)) AS from_accession
  FROM offerings o LEFT JOIN fees own ON own.cik = o.cik AND own.accession = o.accession
)
SELECT o.cik::INTEGER AS cik, e.name AS companyName, e.tickers[1] AS symbol, o.form, o.accession AS accessionNumber,
  strftime(o.filed, '%Y-%m-%d') AS dateFiled,
  CASE WHEN o.accession NOT LIKE 'content-%' THEN 'https://www.sec.gov/Archives/edgar/data/' || o.cik || '/' || replace(o.accession, '-', '') || '/'
    || coalesce(o.primary_document, o.accession || '-index.htm') END AS url,
  o.file_number AS fileNumber,
  CASE WHEN o.form LIKE '424B%' THEN 'prospectus' ELSE 'registration' END AS kind,
  {'status': CASE WHEN l.withdrawn IS NOT NULL THEN 'withdrawn'
                  WHEN l.deregistered IS NOT NULL THEN 'deregistered'
                  WHEN l.effective IS NOT NULL OR l.prospectus_filed OR o.form LIKE '424B_' OR o.form IN ('S-3ASR', 'F-3ASR') THEN 'effective'
                  ELSE 'pending' END,
   'effectiveDate': strftime(coalesce(l.effective, CASE WHEN o.form IN ('S-3ASR', 'F-3ASR') THEN o.filed END), '%Y-%m-%d'),
   'postEffectiveAmendments': coalesce(l.post_effective_amendments, 0)::INTEGER,
   'lastPostEffectiveAmendment': strftime(l.last_post_effective_amendment, '%Y-%m-%d'),
   'withdrawnDate': strftime(l.withdrawn, '%Y-%m-%d'),
   'deregisteredDate': strftime(l.deregistered, '%Y-%m-%d')} AS registration,
  CASE WHEN t.accession IS NOT NULL THEN
    {'price': t.price, 'priceRangeLow': t.price_range_low, 'priceRangeHigh': t.price_range_high,
     'sharesOffered': t.shares_offered, 'overAllotmentShares': t.over_allotment_shares, 'grossProceeds': t.gross_proceeds,
     'ticker': t.ticker, 'exchange': t.exchange} END AS terms,
  CASE WHEN x.accession IS NOT NULL THEN
    {'maxAggregateOfferingPrice': x.max_aggregate_offering_price, 'registrationFee': x.registration_fee,
     'netFeeDue': x.net_fee_due, 'fromAccession': x.accession} END AS fees
FROM offerings o
LEFT JOIN prospectus_terms(p_cik) t ON t.accession = o.accession
LEFT JOIN fees_of fo ON fo.cik = o.cik AND fo.accession = o.accession
LEFT JOIN fees x ON x.cik = o.cik AND x.accession = fo.from_accession
LEFT JOIN lifecycle l ON l.cik = o.cik AND l.file_number = o.file_number
LEFT JOIN entity_index e ON e.cik = o.cik
ORDER BY o.filed DESC, o.accession DESC;
