-- One row per transaction row (holdings excluded) of an issuer's chosen Form 3/4/5 filings, attributed to one reporting
-- owner by the priority officer > director > 10% owner > other (then the order the filing lists them), with every
-- co-owner's key kept (owner_keys: CIK, or owner_name_key of the name when the filing gives no CIK). Key: accession, is_derivative, seq.
CREATE OR REPLACE MACRO insider_trade_rows(p_cik) AS TABLE
WITH filings AS (
  SELECT * FROM insider_filings_of(p_cik)
),
owners AS (
  SELECT f.accession, o.owner, o.pos,
    CASE WHEN o.owner.is_officer THEN 1 WHEN o.owner.is_director THEN 2 WHEN o.owner.is_ten_percent_owner THEN 3 ELSE 4 END AS owner_rank
  FROM filings f, LATERAL (SELECT unnest(f.owners) AS owner, generate_subscripts(f.owners, 1) AS pos) o
),
attributed AS (
  SELECT accession,
    arg_min(owner, owner_rank * 10000 + pos) AS owner,
    min(owner_rank) AS owner_rank,
    -- an owner known only from the filing's signature (insiderDataset.ts SIGNATORY: an attorney-in-fact often signs
    -- for many people) names the row but never makes two filings one owner's
    coalesce(list(coalesce(owner.cik::VARCHAR, owner_name_key(owner.name)) ORDER BY pos)
      FILTER (WHERE owner.other_text IS DISTINCT FROM 'signatory (no reporting-owner row)'), []) AS owner_keys
  FROM owners
  GROUP BY accession
),
rows AS (
  SELECT t.* FROM src_insider_transactions t
  SEMI JOIN filings f ON f.accession = t.accession AND f.source = t.source
  WHERE t.bucket = cik_bucket(p_cik) AND t.issuer_cik = p_cik AND NOT t.is_holding
)
SELECT r.accession, r.issuer_cik, r.is_derivative, r.seq, f.document_type, f.is_amendment, f.document_type LIKE '5%' AS is_form5,
  f.filed, f.accession_number, f.filing_url,
  a.owner, coalesce(a.owner_rank, 5) AS owner_rank, coalesce(a.owner_keys, []) AS owner_keys,
  r.security_title, r.transaction_date, r.transaction_code, r.shares, r.price_per_share, r.acquired_disposed, r.shares_after,
  r.direct_indirect, r.nature_of_ownership, r.exercise_price, r.exercise_date, r.expiration_date, r.underlying_security, r.underlying_shares, r.footnote_ids
FROM rows r
JOIN filings f USING (accession)
LEFT JOIN attributed a USING (accession);
