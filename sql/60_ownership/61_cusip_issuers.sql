-- One row per CUSIP of p_cusips (a list): the issuer's CIK, ticker, issuer name and FIGIs. The CIK is the one a 13D/G
-- cover page (or a mapping file) states, else the CIK of the CUSIP's ticker (security_ids), else the CIK known for
-- another issue of the same issuer (the first six CUSIP characters identify the issuer). Only the mappings of the
-- asked issuers are read, so a request does not aggregate the whole CUSIP map.
CREATE OR REPLACE MACRO cusip_issuers(p_cusips) AS TABLE
WITH wanted AS (
  SELECT DISTINCT upper(trim(c)) AS cusip FROM (SELECT unnest(p_cusips) AS c) WHERE c IS NOT NULL
),
mapped AS (
  -- securities rows hold CUSIPs upper-cased and validated at ingest
  SELECT cusip, cik, nullif(upper(trim(ticker)), '') AS ticker, nullif(trim(name), '') AS name,
    nullif(trim(composite_figi), '') AS composite_figi, nullif(trim(share_class_figi), '') AS share_class_figi, as_of
  FROM src_securities
  WHERE cusip IS NOT NULL AND left(cusip, 6) IN (SELECT DISTINCT left(cusip, 6) FROM wanted)
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
  SELECT ticker_key, arg_max(cik, as_of) AS cik
  FROM security_index
  WHERE ticker_key IN (SELECT ticker_key(ticker) FROM per_cusip) AND cik IS NOT NULL
  GROUP BY ticker_key
),
with_cik AS (
  SELECT p.*, coalesce(p.stated_cik, t.cik) AS known_cik
  FROM per_cusip p LEFT JOIN ticker_ciks t ON t.ticker_key = ticker_key(p.ticker)
),
issuers AS (
  SELECT left(cusip, 6) AS cusip6, mode(known_cik) AS cik
  FROM with_cik
  WHERE known_cik IS NOT NULL
  GROUP BY cusip6
)
SELECT w.cusip, coalesce(c.known_cik, i.cik)::INTEGER AS cik, c.ticker, c.name, c.composite_figi, c.share_class_figi
FROM wanted w
LEFT JOIN with_cik c USING (cusip)
LEFT JOIN issuers i ON i.cusip6 = left(w.cusip, 6);
