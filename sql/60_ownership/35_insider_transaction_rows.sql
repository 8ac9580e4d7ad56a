-- One row per physical trade of an issuer's insiders (see insider_trades) with a named reporting owner, as the spec's
-- JSON fields plus the merged co-owners' keys and the row's position (for by-insider and ordering).
-- transactionValue = shares x price per share. A trade whose filing has no reporting-owner row (a data-set quarter
-- published without its REPORTINGOWNER table) is served under the filing's signer (see insiderDataset.ts); only a
-- filing that names neither an owner nor a signer (none in the SEC's published quarters) is left out: ownerName is
-- required by the spec.
CREATE OR REPLACE MACRO insider_transaction_rows(p_cik) AS TABLE
SELECT
  owner.name AS "ownerName",
  owner.cik AS "ownerCik",
  coalesce(owner.is_director, false) AS "isDirector",
  coalesce(owner.is_officer, false) AS "isOfficer",
  coalesce(owner.is_ten_percent_owner, false) AS "isTenPercentOwner",
  owner.officer_title AS "officerTitle",
  document_type AS "documentType",
  security_title AS "securityTitle",
  transaction_date AS "transactionDate",
  transaction_code AS "transactionCode",
  shares,
  price_per_share AS "pricePerShare",
  acquired_disposed AS "acquiredDisposed",
  shares_after AS "sharesAfter",
  direct_indirect AS "directIndirect",
  is_derivative AS "isDerivative",
  exercise_price AS "exercisePrice",
  exercise_date AS "exerciseDate",
  expiration_date AS "expirationDate",
  underlying_security AS "underlyingSecurity",
  underlying_shares AS "underlyingShares",
  accession_number AS "accessionNumber",
  filing_url AS "filingUrl",
  round(shares * price_per_share, 6) AS "transactionValue",
  filed AS "filingDate",
  all_owner_keys AS owner_keys,
  seq AS row_seq
FROM insider_trades(p_cik)
WHERE owner IS NOT NULL;
