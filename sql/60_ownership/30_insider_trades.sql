-- One row per physical trade of an issuer's insiders (grain: trade_key), after the spec's rules, in this order:
--  1. a Form 5/5A row is dropped when a Form 4/4A of an overlapping owner reports the same trade (same security kind,
--     date, code, shares and acquired/disposed);
--  2. a row of an original filing is dropped when a later amendment (4/A, 5/A) of an overlapping owner restates a trade of
--     the same security, date and code: the amendment's figures win;
--  3. the same trade reported in several filings (co-owners filing separately, the XML and the data set, a repeat) is kept
--     once: same issuer, derivative flag, security title, date, code, shares, price, A/D and shares owned after; the kept
--     row is the highest-priority owner's (officer > director > 10% owner > other), then a Form 4 over a 5, newest filing;
--  4. trades priced at 100000 or more are data-entry errors and excluded.
-- all_owner_keys keeps every co-owner of the merged duplicates, so a by-insider query still finds the trade.
CREATE OR REPLACE MACRO insider_trades(p_cik) AS TABLE
WITH rows AS (
  SELECT *,
    md5(concat_ws('|', issuer_cik, is_derivative, lower(regexp_replace(trim(coalesce(security_title, '')), '\s+', ' ', 'g')),
      transaction_date, transaction_code, shares, price_per_share, acquired_disposed, shares_after)) AS trade_key,
    lower(regexp_replace(trim(coalesce(security_title, '')), '\s+', ' ', 'g')) AS title_key
  FROM insider_trade_rows(p_cik)
),
without_form5_repeats AS (
  SELECT * FROM rows r
  WHERE NOT (r.is_form5 AND EXISTS (
    SELECT 1 FROM rows f
    WHERE NOT f.is_form5 AND f.is_derivative = r.is_derivative AND f.transaction_date = r.transaction_date
      AND f.transaction_code = r.transaction_code AND f.shares = r.shares
      AND f.acquired_disposed IS NOT DISTINCT FROM r.acquired_disposed AND list_has_any(f.owner_keys, r.owner_keys)))
),
without_amended AS (
  SELECT * FROM without_form5_repeats r
  WHERE NOT (NOT r.is_amendment AND EXISTS (
    SELECT 1 FROM without_form5_repeats a
    WHERE a.is_amendment AND a.is_form5 = r.is_form5 AND a.accession <> r.accession
      AND coalesce(a.filed, DATE '9999-12-31') >= coalesce(r.filed, DATE '0001-01-01')
      AND a.is_derivative = r.is_derivative AND a.transaction_date = r.transaction_date
      AND a.transaction_code = r.transaction_code AND a.title_key = r.title_key AND list_has_any(a.owner_keys, r.owner_keys)))
),
merged AS (
  SELECT *,
    list_distinct(flatten(list(owner_keys) OVER (PARTITION BY trade_key))) AS all_owner_keys,
    row_number() OVER (PARTITION BY trade_key
      ORDER BY owner_rank, is_form5, is_amendment DESC, filed DESC NULLS LAST, accession, seq) AS pick
  FROM without_amended
)
SELECT * EXCLUDE (pick) FROM merged
WHERE pick = 1 AND (price_per_share IS NULL OR price_per_share < 100000);
