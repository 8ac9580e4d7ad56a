-- Entity resolution: at most one row naming the issuer (cik) and the security matched by exactly one identifier.
-- Callers pass the one identifier they were given and NULL for the rest (the HTTP layer enforces "exactly one").
-- A ticker or CUSIP reused over time resolves to its newest mapping (newest as_of, then submissions before others);
-- tickers compare in their canonical form (ticker_key: BRK.B = BRK-B = BRKB), the exact spelling first. A CUSIP that no
-- filing or mapping links to an issuer still resolves, with cik NULL (its holders can be served).
-- Reads the in-memory security_index / entity_index tables (rebuilt when an ingest lands), not Parquet.
CREATE OR REPLACE MACRO resolve_entity(p_symbol, p_cik, p_cusip, p_composite_figi, p_share_class_figi) AS TABLE
WITH by_security AS (
  SELECT s.cik, s.name, s.ticker, s.exchange, s.cusip, s.composite_figi, s.share_class_figi, s.kind, s.as_of,
    (s.source = 'submissions')::INTEGER AS preferred, (s.ticker = upper(trim(p_symbol)))::INTEGER AS exact,
    (s.cik IS NOT NULL)::INTEGER AS linked
  FROM security_index s
  WHERE (p_symbol IS NOT NULL AND s.ticker_key = ticker_key(p_symbol))
     OR (p_cusip IS NOT NULL AND s.cusip = upper(trim(p_cusip)))
     OR (p_composite_figi IS NOT NULL AND s.composite_figi = trim(p_composite_figi))
     OR (p_share_class_figi IS NOT NULL AND s.share_class_figi = trim(p_share_class_figi))
),
security_match AS (
  SELECT * FROM by_security ORDER BY linked DESC, exact DESC NULLS LAST, as_of DESC, preferred DESC, ticker NULLS LAST LIMIT 1
),
cik_match AS (
  -- the merged description's name (submissions first, then newest); an issuer with no description (known only from a
  -- ticker list, or from its facts and filings) gets the newest name its securities rows give
  SELECT c.cik,
    coalesce(
      (SELECT e.name FROM entity_index e WHERE e.cik = c.cik),
      (SELECT arg_max(s.name, s.as_of) FILTER (WHERE s.name IS NOT NULL) FROM security_index s WHERE s.cik = c.cik)) AS name
  FROM (
    SELECT cik FROM entity_index WHERE p_cik IS NOT NULL AND cik = TRY_CAST(p_cik AS INTEGER)
    UNION
    SELECT cik FROM security_index WHERE p_cik IS NOT NULL AND cik = TRY_CAST(p_cik AS INTEGER)
  ) c
),
matched AS (
  SELECT cik, name, ticker, exchange, cusip, composite_figi, share_class_figi, kind FROM security_match
  UNION ALL
  SELECT cik, name, NULL, NULL, NULL, NULL, NULL, NULL FROM cik_match
)
SELECT cik::INTEGER AS cik, name, ticker, exchange, cusip, composite_figi, share_class_figi, kind
FROM matched
LIMIT 1;
