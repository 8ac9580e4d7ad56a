-- One row per (cik, ticker, cusip, composite_figi, share_class_figi, source): every identifier that can name an issuer.
-- Reads src_securities (tickers files, submissions, 13F/13D CUSIPs, CUSIP map files) plus the ticker/exchange lists that
-- entity descriptions carry, so a submissions file alone makes its tickers resolvable, plus the issuer ticker every
-- Form 3/4/5 names (XML or the SEC insider data set; newest document's name per ticker) where no listing source knows
-- that ticker, so an issuer known only from insider documents resolves by its ticker. A CUSIP/FIGI row that names no
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
from_insider_filings AS (
  -- 'NONE' / 'N/A' is how a filer says the issuer has no ticker
  SELECT issuer_cik AS cik, upper(trim(issuer_symbol)) AS ticker, NULL::VARCHAR AS exchange,
    arg_max(nullif(trim(issuer_name), ''), coalesce(filed, period_of_report)) AS name,
    NULL::VARCHAR AS cusip, NULL::VARCHAR AS composite_figi, NULL::VARCHAR AS share_class_figi, NULL::VARCHAR AS kind,
    max(coalesce(filed, period_of_report)) AS as_of, source
  FROM src_insider_filings
  WHERE issuer_cik IS NOT NULL AND nullif(trim(issuer_symbol), '') IS NOT NULL AND upper(trim(issuer_symbol)) NOT IN ('NONE', 'N/A')
    -- a ticker a listing source (tickers files, submissions, CUSIP maps, the XML documents' own rows) already knows is
    -- left to it: a filer-typed symbol only fills a gap and never takes a ticker from the company that holds it
    AND ticker_key(upper(trim(issuer_symbol))) NOT IN (
      SELECT ticker_key(ticker) FROM from_securities WHERE ticker IS NOT NULL
      UNION ALL
      SELECT ticker_key(ticker) FROM from_entities)
  GROUP BY issuer_cik, upper(trim(issuer_symbol)), source
),
ticker_cik AS (
  SELECT ticker_key(ticker) AS ticker_key, arg_max(cik, as_of) AS cik
  FROM (SELECT ticker, cik, as_of FROM from_securities UNION ALL SELECT ticker, cik, as_of FROM from_entities
    UNION ALL SELECT ticker, cik, as_of FROM from_insider_filings)
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
  SELECT * FROM from_insider_filings
  UNION ALL
  SELECT * FROM linked_by_ticker
  UNION ALL
  SELECT * FROM unlinked_cusips
)
SELECT *, ticker_key(ticker) AS ticker_key FROM all_ids;
