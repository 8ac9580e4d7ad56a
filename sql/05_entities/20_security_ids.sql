-- One row per (cik, ticker, cusip, composite_figi, share_class_figi, source): every identifier that can name an issuer.
-- Reads src_securities (tickers files, submissions, 13F/13D CUSIPs, CUSIP map files) plus the ticker/exchange lists that
-- entity descriptions carry, so a submissions file alone makes its tickers resolvable. A CUSIP/FIGI row that names no
-- issuer CIK (a CUSIP map, a 13F table) is linked to the CIK that its ticker resolves to, newest mapping first; a CUSIP
-- that nothing links to an issuer (a 13F or 13D/G security with no CIK or listing) is kept with cik NULL, so it can
-- still be asked about by CUSIP. ticker_key is the ticker in its canonical comparison form (see ticker_key).
CREATE OR REPLACE VIEW security_ids AS
WITH normalized AS (
  SELECT cik, nullif(upper(trim(ticker)), '') AS ticker, nullif(exchange, '') AS exchange, nullif(name, '') AS name,
    nullif(upper(trim(cusip)), '') AS cusip, nullif(trim(composite_figi), '') AS composite_figi,
    nullif(trim(share_class_figi), '') AS share_class_figi, nullif(kind, '') AS kind, as_of, source
  FROM src_securities
),
from_securities AS (
  SELECT * FROM normalized WHERE cik IS NOT NULL
),
entity_lists AS (
  -- unnest() twice in one SELECT zips the lists: the n-th exchange belongs to the n-th ticker
  SELECT cik, unnest(tickers) AS ticker, unnest(exchanges) AS exchange, name, as_of, source
  FROM src_entities
  WHERE cik IS NOT NULL AND len(tickers) > 0
),
from_entities AS (
  SELECT cik, upper(trim(ticker)) AS ticker, nullif(exchange, '') AS exchange, name,
    NULL::VARCHAR AS cusip, NULL::VARCHAR AS composite_figi, NULL::VARCHAR AS share_class_figi, NULL::VARCHAR AS kind,
    as_of, source
  FROM entity_lists
  WHERE nullif(trim(ticker), '') IS NOT NULL
),
ticker_cik AS (
  SELECT ticker_key(ticker) AS ticker_key, arg_max(cik, as_of) AS cik
  FROM (SELECT ticker, cik, as_of FROM from_securities UNION ALL SELECT ticker, cik, as_of FROM from_entities)
  WHERE ticker IS NOT NULL
  GROUP BY ticker_key(ticker)
),
linked_by_ticker AS (
  SELECT t.cik, n.* EXCLUDE (cik)
  FROM normalized n JOIN ticker_cik t ON t.ticker_key = ticker_key(n.ticker)
  WHERE n.cik IS NULL AND (n.cusip IS NOT NULL OR n.composite_figi IS NOT NULL OR n.share_class_figi IS NOT NULL)
),
unlinked_cusips AS (
  SELECT n.* FROM normalized n
  WHERE n.cik IS NULL AND n.cusip IS NOT NULL
    AND n.cusip NOT IN (SELECT cusip FROM from_securities WHERE cusip IS NOT NULL)
    AND n.cusip NOT IN (SELECT cusip FROM linked_by_ticker WHERE cusip IS NOT NULL)
),
all_ids AS (
  SELECT * FROM from_securities
  UNION ALL
  SELECT * FROM from_entities
  UNION ALL
  SELECT * FROM linked_by_ticker
  UNION ALL
  SELECT * FROM unlinked_cusips
)
SELECT *, ticker_key(ticker) AS ticker_key FROM all_ids;
