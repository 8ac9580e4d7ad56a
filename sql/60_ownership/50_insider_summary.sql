-- The insider trading summary of one issuer: one row, columns "3months", "6months", "12months", each counting open-market
-- purchases (P) and sales (S) by officers and directors among the deduplicated trades (insider_trades), over the window
-- (p_as_of - N months, p_as_of] by transaction date; p_as_of NULL means today. Unique buyers/sellers count distinct owners.
CREATE OR REPLACE MACRO insider_summary(p_cik, p_as_of) AS TABLE
WITH anchor AS (
  SELECT coalesce(p_as_of::DATE, current_date) AS as_of
),
trades AS (
  SELECT t.*, coalesce(t.owner.cik::VARCHAR, owner_name_key(t.owner.name)) AS owner_key
  FROM insider_trades(p_cik) t
  WHERE t.transaction_code IN ('P', 'S') AND (t.owner.is_officer OR t.owner.is_director)
),
windows AS (
  SELECT unnest([3, 6, 12]) AS months
),
per_window AS (
  SELECT w.months,
    count(*) FILTER (WHERE t.transaction_code = 'P')::INTEGER AS "buyCount",
    count(*) FILTER (WHERE t.transaction_code = 'S')::INTEGER AS "sellCount",
    coalesce(sum(t.shares) FILTER (WHERE t.transaction_code = 'P'), 0)::DOUBLE AS "buyShares",
    coalesce(sum(t.shares) FILTER (WHERE t.transaction_code = 'S'), 0)::DOUBLE AS "sellShares",
    coalesce(sum(t.shares * t.price_per_share) FILTER (WHERE t.transaction_code = 'P'), 0)::DOUBLE AS "buyValue",
    coalesce(sum(t.shares * t.price_per_share) FILTER (WHERE t.transaction_code = 'S'), 0)::DOUBLE AS "sellValue",
    count(DISTINCT t.owner_key) FILTER (WHERE t.transaction_code = 'P')::INTEGER AS "uniqueBuyers",
    count(DISTINCT t.owner_key) FILTER (WHERE t.transaction_code = 'S')::INTEGER AS "uniqueSellers"
  FROM windows w CROSS JOIN anchor a
  LEFT JOIN trades t ON t.transaction_date > (a.as_of - to_months(w.months))::DATE AND t.transaction_date <= a.as_of
  GROUP BY w.months
),
shaped AS (
  SELECT months, {
    'buyCount': "buyCount", 'sellCount': "sellCount", 'buyShares': "buyShares", 'sellShares': "sellShares",
    'buyValue': "buyValue", 'sellValue': "sellValue", 'netShares': "buyShares" - "sellShares",
    'uniqueBuyers': "uniqueBuyers", 'uniqueSellers': "uniqueSellers"
  } AS s
  FROM per_window
)
SELECT
  first(s) FILTER (WHERE months = 3) AS "3months",
  first(s) FILTER (WHERE months = 6) AS "6months",
  first(s) FILTER (WHERE months = 12) AS "12months"
FROM shaped;
