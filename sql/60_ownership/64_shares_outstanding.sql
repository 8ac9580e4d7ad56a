-- One row per (cik, period_end): the issuer's own cover-page count of common shares outstanding
-- (dei:EntityCommonStockSharesOutstanding) as of that date, newest filing first. Multi-class issuers that tag the count
-- only per class (a dimension) get the sum of their classes.
CREATE OR REPLACE VIEW shares_outstanding_reported AS
WITH f AS (
  SELECT cik, accession, filed, period_end, dim_key, value
  FROM src_facts
  WHERE concept = 'dei:EntityCommonStockSharesOutstanding' AND unit = 'shares'
),
per_filing AS (
  SELECT cik, period_end, accession, max(filed) AS filed,
    coalesce(max(value) FILTER (WHERE dim_key = ''), sum(value) FILTER (WHERE dim_key <> '')) AS shares
  FROM f
  GROUP BY cik, period_end, accession
)
SELECT cik, period_end, arg_max(shares, filed) AS shares
FROM per_filing
WHERE shares > 0
GROUP BY cik, period_end;
