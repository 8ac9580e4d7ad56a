-- One row per (cik, ticker, cusip, composite_figi, share_class_figi, source): every identifier that can name an issuer.
-- Reads src_securities (tickers files, submissions, and later 13F/13D CUSIPs) plus the ticker/exchange lists that
-- entity descriptions carry, so a submissions file alone makes its tickers resolvable.
CREATE OR REPLACE VIEW security_ids AS
WITH from_securities AS (
  SELECT cik, nullif(upper(trim(ticker)), '') AS ticker, nullif(exchange, '') AS exchange, nullif(name, '') AS name,
    nullif(upper(trim(cusip)), '') AS cusip, nullif(trim(composite_figi), '') AS composite_figi,
    nullif(trim(share_class_figi), '') AS share_class_figi, nullif(kind, '') AS kind, as_of, source
  FROM src_securities
  WHERE cik IS NOT NULL
),
from_entities AS (
  SELECT e.cik, upper(trim(t.ticker)) AS ticker, nullif(e.exchanges[t.i], '') AS exchange, e.name,
    NULL::VARCHAR AS cusip, NULL::VARCHAR AS composite_figi, NULL::VARCHAR AS share_class_figi, NULL::VARCHAR AS kind,
    e.as_of, e.source
  FROM src_entities e, LATERAL (SELECT unnest(e.tickers) AS ticker, generate_subscripts(e.tickers, 1) AS i) t
  WHERE e.cik IS NOT NULL AND nullif(trim(t.ticker), '') IS NOT NULL
)
SELECT * FROM from_securities
UNION ALL
SELECT * FROM from_entities;
