-- Grain: one row for company c: the /api/company/peers resource. revenue/currency: the subject's latest annual revenue
-- in its reporting currency; peers: up to 6 {symbol, name, exchange, revenue, currency}, never the subject.
-- Industry: SIC from entity_latest. Peers sharing all 4 digits come first; the match widens to 3, then 2 digits only
-- to fill the 6 places (a broader match never displaces a narrower one). Within a width: USD reporters with revenue by
-- closeness of revenue to the subject's (|ln(peer / subject)|: a company twice the size is as close as one half the
-- size), then non-USD reporters, then companies without revenue (name order breaks ties). Stocks only: a subject whose
-- SEC entity type is set and is not 'operating', or whose SIC is a fund's (6722 open-end, 6726 unit investment trusts
-- and closed-end, 6221 commodity pools), gets no row (the endpoint's 400); such companies are never peers either. symbol: the first ticker,
-- or the CIK when the company has none (listed, not dropped).
-- Revenue is a cheap facts query, not the period engine per peer: the latest undimensioned annual (357-371 day)
-- duration of a periodic report among the revenue concepts of standard_concepts (best rank, then newest filing),
-- read only for the candidate companies. The materialized `periods` dataset was not used: it may be stale or absent
-- (a fresh ingest computes it afterwards) and holds as-reported facts, not the standardized revenue line.
CREATE OR REPLACE MACRO company_peers(c) AS TABLE
WITH subject AS (
  SELECT e.cik, e.sic, e.entity_type,
         NOT ((e.entity_type IS NOT NULL AND lower(e.entity_type) <> 'operating') OR coalesce(e.sic IN ('6722', '6726', '6221'), false)) AS is_stock
  FROM entity_latest e WHERE e.cik = c
),
candidates AS MATERIALIZED (
  SELECT e.cik, e.name, e.tickers, e.exchanges,
         CASE WHEN e.sic = s.sic THEN 4 WHEN left(e.sic, 3) = left(s.sic, 3) THEN 3 ELSE 2 END AS width
  FROM entity_latest e, subject s
  WHERE s.is_stock AND e.cik <> s.cik AND s.sic IS NOT NULL AND length(s.sic) = 4 AND left(e.sic, 2) = left(s.sic, 2)
    AND (e.entity_type IS NULL OR lower(e.entity_type) = 'operating') AND e.sic NOT IN ('6722', '6726', '6221')
),
revenue_concepts AS (
  SELECT concept, rank FROM standard_concepts WHERE line = 'revenue'
),
annual AS (
  SELECT f.cik, f.unit, f.value, f.period_end, f.filed, r.rank
  FROM src_facts f JOIN revenue_concepts r ON r.concept = f.concept
  WHERE f.cik IN (SELECT cik FROM candidates UNION ALL SELECT c)
    AND f.dim_key = '' AND f.period_start IS NOT NULL AND (f.period_end - f.period_start + 1) BETWEEN 357 AND 371
    AND regexp_full_match(f.unit, '[A-Z]{3}') AND is_periodic_form(f.form)
),
latest_revenue AS (
  SELECT cik, arg_max(value, (period_end, -rank, filed)) AS revenue, arg_max(unit, (period_end, -rank, filed)) AS currency
  FROM annual GROUP BY cik
),
ranked AS (
  SELECT k.*, r.revenue, r.currency,
         CASE WHEN r.revenue IS NULL THEN 2 WHEN r.currency <> 'USD' THEN 1 ELSE 0 END AS tier,
         CASE WHEN r.revenue > 0 AND (SELECT revenue FROM latest_revenue WHERE cik = c) > 0
              THEN abs(ln(r.revenue / (SELECT revenue FROM latest_revenue WHERE cik = c))) END AS distance
  FROM candidates k LEFT JOIN latest_revenue r USING (cik)
  ORDER BY width DESC, tier, distance NULLS LAST, r.revenue DESC NULLS LAST, k.name, k.cik
  LIMIT 6
)
SELECT (SELECT revenue FROM latest_revenue WHERE cik = c)::DOUBLE AS revenue,
       (SELECT currency FROM latest_revenue WHERE cik = c) AS currency,
       coalesce((SELECT list({'symbol': coalesce(tickers[1], cik::VARCHAR), 'name': name, 'exchange': exchanges[1],
                              'revenue': revenue::DOUBLE, 'currency': currency}
                             ORDER BY width DESC, tier, distance NULLS LAST, revenue DESC NULLS LAST, name, cik)
                 FROM ranked), []) AS peers
FROM subject WHERE is_stock;
