-- Entity resolution: at most one row naming the issuer (cik) and the security matched by exactly one identifier.
-- Callers pass the one identifier they were given and NULL for the rest (the HTTP layer enforces "exactly one").
-- A ticker or CUSIP reused over time resolves to its newest mapping (newest as_of, then submissions before others).
-- Reads the in-memory security_index / entity_index tables (rebuilt when an ingest lands), not Parquet.
CREATE OR REPLACE MACRO resolve_entity(p_symbol, p_cik, p_cusip, p_composite_figi, p_share_class_figi) AS TABLE
WITH by_security AS (
  SELECT s.cik, s.name, s.ticker, s.exchange, s.cusip, s.composite_figi, s.share_class_figi, s.kind, s.as_of,
    (s.source = 'submissions')::INTEGER AS preferred
  FROM security_index s
  WHERE (p_symbol IS NOT NULL AND s.ticker = upper(trim(p_symbol)))
     OR (p_cusip IS NOT NULL AND s.cusip = upper(trim(p_cusip)))
     OR (p_composite_figi IS NOT NULL AND s.composite_figi = trim(p_composite_figi))
     OR (p_share_class_figi IS NOT NULL AND s.share_class_figi = trim(p_share_class_figi))
),
security_match AS (
  SELECT * FROM by_security ORDER BY as_of DESC, preferred DESC, ticker NULLS LAST LIMIT 1
),
cik_match AS (
  -- the merged description's name (submissions first, then newest); an issuer known only from securities rows
  -- (a ticker list) gets the newest name those rows give
  SELECT cik, name FROM entity_index WHERE p_cik IS NOT NULL AND cik = TRY_CAST(p_cik AS INTEGER)
  UNION ALL
  SELECT cik, arg_max(name, as_of) FILTER (WHERE name IS NOT NULL) AS name
  FROM security_index
  WHERE p_cik IS NOT NULL AND cik = TRY_CAST(p_cik AS INTEGER)
    AND NOT EXISTS (SELECT 1 FROM entity_index WHERE cik = TRY_CAST(p_cik AS INTEGER))
  GROUP BY cik
),
matched AS (
  SELECT cik, name, ticker, exchange, cusip, composite_figi, share_class_figi, kind FROM security_match
  UNION ALL
  SELECT cik, name, NULL, NULL, NULL, NULL, NULL, NULL FROM cik_match
)
SELECT cik::INTEGER AS cik, name, ticker, exchange, cusip, composite_figi, share_class_figi, kind
FROM matched
LIMIT 1;
