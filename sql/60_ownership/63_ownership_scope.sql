-- The CUSIPs an ownership request covers (one row per cusip). Identifying a security (cusip, FIGI or symbol, in that
-- order of precedence) covers that security only; identifying an issuer by cik alone covers every CUSIP of the issuer.
-- A CUSIP no mapping names still scopes to itself, so holders of any 13F-reported security can be asked for.
CREATE OR REPLACE MACRO ownership_scope(p_cik, p_symbol, p_cusip, p_composite_figi, p_share_class_figi) AS TABLE
WITH by_security AS (
  SELECT cusip FROM ownership_cusips
  WHERE (p_cusip IS NULL AND p_composite_figi IS NOT NULL AND composite_figi = trim(p_composite_figi))
     OR (p_cusip IS NULL AND p_share_class_figi IS NOT NULL AND share_class_figi = trim(p_share_class_figi))
     OR (p_cusip IS NULL AND p_composite_figi IS NULL AND p_share_class_figi IS NULL AND p_symbol IS NOT NULL
         AND ticker = upper(trim(p_symbol)))
  UNION ALL
  SELECT upper(trim(p_cusip)) WHERE p_cusip IS NOT NULL
),
by_issuer AS (
  SELECT cusip FROM ownership_cusips
  WHERE p_cusip IS NULL AND p_symbol IS NULL AND p_composite_figi IS NULL AND p_share_class_figi IS NULL
    AND cik = p_cik::INTEGER
)
SELECT DISTINCT cusip FROM (SELECT cusip FROM by_security UNION ALL SELECT cusip FROM by_issuer);
