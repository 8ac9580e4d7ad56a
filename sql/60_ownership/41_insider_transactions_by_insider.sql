-- The by-insider resource: an issuer's trades in which the reporting owner p_owner_cik took part (as the attributed owner
-- or as a co-owner of a merged duplicate), transaction date within [p_start, p_end] when given, newest first.
-- A trade a co-owner reported is shown under the requested owner's own name and relationship (his newest filing's).
CREATE OR REPLACE MACRO insider_transactions_by_insider(p_cik, p_owner_cik, p_start, p_end) AS TABLE
WITH trades AS (
  SELECT * FROM insider_transaction_rows(p_cik)
  WHERE list_contains(owner_keys, p_owner_cik::INTEGER::VARCHAR)
    AND (p_start IS NULL OR "transactionDate" >= p_start::DATE)
    AND (p_end IS NULL OR "transactionDate" <= p_end::DATE)
),
own_role AS (
  -- the owner's relationship on the newest of the issuer's filings that names him
  SELECT arg_max(o.owner, coalesce(f.filed, f.period_of_report, DATE '0001-01-01')) AS owner
  FROM insider_filings_of(p_cik) f, LATERAL (SELECT unnest(f.owners) AS owner) o
  WHERE o.owner.cik = p_owner_cik::INTEGER
)
SELECT
  coalesce(r.owner.name, t."ownerName") AS "ownerName",
  p_owner_cik::INTEGER AS "ownerCik",
  coalesce(r.owner.is_director, t."isDirector") AS "isDirector",
  coalesce(r.owner.is_officer, t."isOfficer") AS "isOfficer",
  coalesce(r.owner.is_ten_percent_owner, t."isTenPercentOwner") AS "isTenPercentOwner",
  CASE WHEN r.owner IS NOT NULL THEN r.owner.officer_title ELSE t."officerTitle" END AS "officerTitle",
  t.* EXCLUDE ("ownerName", "ownerCik", "isDirector", "isOfficer", "isTenPercentOwner", "officerTitle", owner_keys, row_seq)
FROM trades t
CROSS JOIN own_role r
ORDER BY t."transactionDate" DESC NULLS LAST, t."filingDate" DESC NULLS LAST, t."accessionNumber", t."isDerivative", t.row_seq;
