-- Every transaction row of an issuer's chosen Form 3/4/5 filings (grain: accession, is_derivative, seq) with the rule
-- that removes it, NULL for the rows insider_trades keeps. The spec's rules, in this order:
--  'form5':      a Form 5/5A row that a Form 4/4A of an overlapping owner already reports (same security kind, date,
--                code, shares and acquired/disposed);
--  'amended':    a row of an original filing that a later amendment (4/A, 5/A) of an overlapping owner restates (same
--                security, date and code): the amendment's figures win;
--  'same trade': one physical trade reported more than once. Two rows are the same trade only when every figure is equal
--                (security title, date, code, shares, price, A/D, shares owned after) AND either their filings share a
--                reporting owner (a joint filing and a co-owner's own filing, or two filings by one owner) or they repeat
--                within one filing with the same ownership nature (direct/indirect and its nature). Rows of unrelated
--                owners never merge, however identical their numbers (ten directors granted the same award; one filing's
--                purchases for two different trusts). Related rows form a group (three hops of the relation are
--                followed: an owner's own filing, the joint filing, the co-owner's own filing); the group keeps its
--                best row: officer > director > 10% owner > other, then a Form 4 over a 5, an amendment, newest filing;
--  'price':      a trade priced at 100000 or more per share is a data-entry error.
-- all_owner_keys keeps every owner of the kept row's group, so a by-insider query still finds the trade.
CREATE OR REPLACE MACRO insider_trade_dedupe(p_cik) AS TABLE
WITH rows AS (
  SELECT *,
    lower(regexp_replace(trim(coalesce(security_title, '')), '\s+', ' ', 'g')) AS title_key,
    md5(concat_ws('|', issuer_cik, is_derivative, lower(regexp_replace(trim(coalesce(security_title, '')), '\s+', ' ', 'g')),
      transaction_date, transaction_code, shares, price_per_share, acquired_disposed, shares_after)) AS trade_key,
    concat_ws('|', coalesce(direct_indirect, ''), lower(regexp_replace(trim(coalesce(nature_of_ownership, '')), '\s+', ' ', 'g'))) AS nature_key
  FROM insider_trade_rows(p_cik)
),
form5_repeats AS (
  SELECT r.accession, r.is_derivative, r.seq FROM rows r
  WHERE r.is_form5 AND EXISTS (
    SELECT 1 FROM rows f
    WHERE NOT f.is_form5 AND f.is_derivative = r.is_derivative AND f.transaction_date = r.transaction_date
      AND f.transaction_code = r.transaction_code AND f.shares = r.shares
      AND f.acquired_disposed IS NOT DISTINCT FROM r.acquired_disposed AND list_has_any(f.owner_keys, r.owner_keys))
),
after_form5 AS (
  SELECT * FROM rows ANTI JOIN form5_repeats USING (accession, is_derivative, seq)
),
amended AS (
  SELECT r.accession, r.is_derivative, r.seq FROM after_form5 r
  WHERE NOT r.is_amendment AND EXISTS (
    SELECT 1 FROM after_form5 a
    WHERE a.is_amendment AND a.is_form5 = r.is_form5 AND a.accession <> r.accession
      AND coalesce(a.filed, DATE '9999-12-31') >= coalesce(r.filed, DATE '0001-01-01')
      AND a.is_derivative = r.is_derivative AND a.transaction_date = r.transaction_date
      AND a.transaction_code = r.transaction_code AND a.title_key = r.title_key AND list_has_any(a.owner_keys, r.owner_keys))
),
candidates AS (
  SELECT *,
    row_number() OVER (ORDER BY owner_rank, is_form5, is_amendment DESC, filed DESC NULLS LAST, accession, is_derivative, seq) AS rank_no
  FROM after_form5 ANTI JOIN amended USING (accession, is_derivative, seq)
),
related AS (
  -- the same-trade relation, both directions, without self pairs
  SELECT a.rank_no AS a, b.rank_no AS b
  FROM candidates a JOIN candidates b ON a.trade_key = b.trade_key AND a.rank_no <> b.rank_no
  WHERE (a.accession <> b.accession AND list_has_any(a.owner_keys, b.owner_keys))
     OR (a.accession = b.accession AND a.nature_key = b.nature_key)
),
hop1 AS (
  SELECT c.rank_no, least(c.rank_no, min(r.b)) AS grp FROM candidates c LEFT JOIN related r ON r.a = c.rank_no GROUP BY c.rank_no
),
hop2 AS (
  SELECT h.rank_no, least(h.grp, min(n.grp)) AS grp FROM hop1 h LEFT JOIN related r ON r.a = h.rank_no LEFT JOIN hop1 n ON n.rank_no = r.b
  GROUP BY h.rank_no, h.grp
),
hop3 AS (
  SELECT h.rank_no, least(h.grp, min(n.grp)) AS grp FROM hop2 h LEFT JOIN related r ON r.a = h.rank_no LEFT JOIN hop2 n ON n.rank_no = r.b
  GROUP BY h.rank_no, h.grp
),
grouped AS (
  SELECT c.*, g.grp,
    list_distinct(flatten(list(c.owner_keys) OVER (PARTITION BY g.grp))) AS all_owner_keys
  FROM candidates c JOIN hop3 g USING (rank_no)
)
SELECT * EXCLUDE (rank_no, grp, title_key, nature_key),
  CASE WHEN rank_no <> grp THEN 'same trade' WHEN price_per_share >= 100000 THEN 'price' END AS dropped_by
FROM grouped
UNION ALL BY NAME
SELECT r.* EXCLUDE (title_key, nature_key), r.owner_keys AS all_owner_keys, 'form5' AS dropped_by FROM rows r SEMI JOIN form5_repeats USING (accession, is_derivative, seq)
UNION ALL BY NAME
SELECT r.* EXCLUDE (title_key, nature_key), r.owner_keys AS all_owner_keys, 'amended' AS dropped_by FROM after_form5 r SEMI JOIN amended USING (accession, is_derivative, seq);
