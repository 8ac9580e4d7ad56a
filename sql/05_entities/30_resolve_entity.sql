-- Entity resolution: at most one row naming the issuer (cik) and the security matched by exactly one identifier.
-- Callers pass the one identifier they were given and NULL for the rest (the HTTP layer enforces "exactly one").
-- A ticker or CUSIP reused over time resolves to its newest mapping (newest as_of, then submissions before others).
CREATE OR REPLACE MACRO resolve_entity(p_symbol, p_cik, p_cusip, p_composite_figi, p_share_class_figi) AS TABLE
WITH by_security AS (
  SELECT s.cik, s.ticker, s.exchange, s.cusip, s.composite_figi, s.share_class_figi, s.kind, s.as_of,
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
cik_match AS (
  SELECT cik FROM entity_latest WHERE p_cik IS NOT NULL AND cik = TRY_CAST(p_cik AS INTEGER)
  UNION
  SELECT cik FROM security_ids WHERE p_cik IS NOT NULL AND cik = TRY_CAST(p_cik AS INTEGER)
),
matched AS (
  SELECT cik, ticker, exchange, cusip, composite_figi, share_class_figi, kind FROM security_match
  UNION ALL
  SELECT cik, NULL, NULL, NULL, NULL, NULL, NULL FROM (SELECT DISTINCT cik FROM cik_match)
)
SELECT m.cik::INTEGER AS cik, e.name, m.ticker, m.exchange, m.cusip, m.composite_figi, m.share_class_figi, m.kind
FROM matched m LEFT JOIN entity_latest e USING (cik)
LIMIT 1;
