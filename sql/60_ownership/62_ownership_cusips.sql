-- One row per CUSIP the filings or a user mapping name: the issuer's CIK, ticker, issuer name and FIGIs. The CIK is the
-- one a 13D/G cover page (or a mapping file) states, else the CIK of the CUSIP's ticker (security_ids), else the CIK
-- known for another issue of the same issuer (the first six CUSIP characters identify the issuer).
CREATE OR REPLACE VIEW ownership_cusips AS
WITH mapped AS (
  SELECT upper(trim(cusip)) AS cusip, cik, nullif(upper(trim(ticker)), '') AS ticker, nullif(trim(name), '') AS name,
    nullif(trim(composite_figi), '') AS composite_figi, nullif(trim(share_class_figi), '') AS share_class_figi, as_of
  FROM src_securities
  WHERE nullif(trim(cusip), '') IS NOT NULL
),
per_cusip AS (
  SELECT cusip,
    arg_max(cik, as_of) FILTER (WHERE cik IS NOT NULL) AS stated_cik,
    arg_max(ticker, as_of) FILTER (WHERE ticker IS NOT NULL) AS ticker,
    arg_max(name, as_of) FILTER (WHERE name IS NOT NULL) AS name,
    arg_max(composite_figi, as_of) FILTER (WHERE composite_figi IS NOT NULL) AS composite_figi,
    arg_max(share_class_figi, as_of) FILTER (WHERE share_class_figi IS NOT NULL) AS share_class_figi
  FROM mapped
  GROUP BY cusip
),
ticker_ciks AS (
  SELECT ticker, arg_max(cik, as_of) AS cik
  FROM security_ids
  WHERE ticker IS NOT NULL AND cik IS NOT NULL
  GROUP BY ticker
),
with_cik AS (
  SELECT p.*, coalesce(p.stated_cik, t.cik) AS known_cik
  FROM per_cusip p LEFT JOIN ticker_ciks t USING (ticker)
),
issuers AS (
  SELECT left(cusip, 6) AS cusip6, mode(known_cik) AS cik
  FROM with_cik
  WHERE known_cik IS NOT NULL
  GROUP BY cusip6
)
SELECT w.cusip, coalesce(w.known_cik, i.cik)::INTEGER AS cik, w.ticker, w.name, w.composite_figi, w.share_class_figi
FROM with_cik w
LEFT JOIN issuers i ON i.cusip6 = left(w.cusip, 6);
