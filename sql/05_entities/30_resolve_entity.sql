-- Entity resolution: at most one row naming the issuer (cik) and the security matched by exactly one identifier.
-- Callers pass the one identifier they were given and NULL for the rest (the HTTP layer enforces "exactly one").
-- A ticker or CUSIP reused over time resolves to its newest mapping (newest as_of, then submissions before others).
-- Reads the sources directly (no merged description) so that a lookup stays a filtered scan.
CREATE OR REPLACE MACRO resolve_entity(p_symbol, p_cik, p_cusip, p_composite_figi, p_share_class_figi) AS TABLE
WITH by_security AS (
  SELECT s.cik, s.name, s.ticker, s.exchange, s.cusip, s.composite_figi, s.share_class_figi, s.kind, s.as_of,
    (s.source = 'submissions')::INTEGER AS preferred
  FROM security_ids s
  WHERE (p_symbol IS NOT NULL AND s.ticker = upper(trim(p_symbol)))
     OR (p_cusip IS NOT NULL AND s.cusip = upper(trim(p_cusip)))
     OR (p_composite_figi IS NOT NULL AND s.composite_figi = trim(p_composite_figi))
     OR (p_share_class_figi IS NOT NULL AND s.share_class_figi = trim(p_share_class_figi))
),
security_match AS (
  SELECT * FROM by_security ORDER BY as_of DESC, preferred DESC, ticker NULLS LAST LIMIT 1
),
cik_rows AS (
  SELECT cik, name, as_of, (source = 'submissions')::INTEGER AS preferred
  FROM src_entities WHERE p_cik IS NOT NULL AND cik = TRY_CAST(p_cik AS INTEGER)
  UNION ALL
  SELECT cik, name, as_of, 0 FROM src_securities WHERE p_cik IS NOT NULL AND cik = TRY_CAST(p_cik AS INTEGER)
),
cik_match AS (
  SELECT cik, first(name ORDER BY preferred DESC, as_of DESC) FILTER (WHERE name IS NOT NULL) AS name
  FROM cik_rows GROUP BY cik
),
matched AS (
  SELECT cik, name, ticker, exchange, cusip, composite_figi, share_class_figi, kind FROM security_match
  UNION ALL
  SELECT cik, name, NULL, NULL, NULL, NULL, NULL, NULL FROM cik_match
)
SELECT cik::INTEGER AS cik, name, ticker, exchange, cusip, composite_figi, share_class_figi, kind
FROM matched
LIMIT 1;
