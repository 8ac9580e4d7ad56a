-- The CUSIPs an ownership request covers (one row per cusip). Identifying a security (cusip, FIGI or symbol, in that
-- order of precedence) covers that security only (a symbol: every CUSIP a mapping gives that ticker, compared by
-- ticker_key so BRK.B = BRK-B = BRKB); identifying an
-- issuer by cik alone covers every CUSIP of the issuer: those mapped to its CIK or its tickers, and the other issues
-- sharing their first six characters. A CUSIP no mapping names still scopes to itself.
CREATE OR REPLACE MACRO ownership_scope(p_cik, p_symbol, p_cusip, p_composite_figi, p_share_class_figi) AS TABLE
WITH ids AS MATERIALIZED (
  SELECT cusip, cik, nullif(upper(trim(ticker)), '') AS ticker, ticker_key(ticker) AS ticker_key,
    nullif(trim(composite_figi), '') AS composite_figi, nullif(trim(share_class_figi), '') AS share_class_figi
  FROM src_securities
  WHERE cusip IS NOT NULL
),
asked AS (
  SELECT CASE
    WHEN p_cusip IS NOT NULL THEN 'cusip'
    WHEN p_composite_figi IS NOT NULL THEN 'composite_figi'
    WHEN p_share_class_figi IS NOT NULL THEN 'share_class_figi'
    WHEN p_symbol IS NOT NULL THEN 'symbol'
    WHEN p_cik IS NOT NULL THEN 'cik'
  END AS asked_by
),
issuer_cusips AS (
  SELECT cusip FROM ids WHERE cik = p_cik::INTEGER
  UNION
  SELECT cusip FROM ids WHERE ticker_key IN (SELECT ticker_key FROM security_index WHERE cik = p_cik::INTEGER AND ticker_key IS NOT NULL)
),
picked AS (
  SELECT upper(trim(p_cusip)) AS cusip FROM asked WHERE asked_by = 'cusip'
  UNION ALL SELECT i.cusip FROM ids i, asked a WHERE a.asked_by = 'composite_figi' AND i.composite_figi = trim(p_composite_figi)
  UNION ALL SELECT i.cusip FROM ids i, asked a WHERE a.asked_by = 'share_class_figi' AND i.share_class_figi = trim(p_share_class_figi)
  UNION ALL SELECT i.cusip FROM ids i, asked a WHERE a.asked_by = 'symbol' AND i.ticker_key = ticker_key(p_symbol)
  UNION ALL SELECT c.cusip FROM issuer_cusips c, asked a WHERE a.asked_by = 'cik'
  UNION ALL SELECT i.cusip FROM ids i, asked a
    WHERE a.asked_by = 'cik' AND left(i.cusip, 6) IN (SELECT left(cusip, 6) FROM issuer_cusips)
)
SELECT DISTINCT cusip FROM picked;
