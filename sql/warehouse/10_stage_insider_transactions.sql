-- Staging for insider_transactions: one row per table row (transaction or holding) of a Form 3/4/5, per source.
CREATE OR REPLACE TEMP TABLE stage_insider_transactions (
  accession VARCHAR, issuer_cik INTEGER, document_type VARCHAR, is_derivative BOOLEAN, is_holding BOOLEAN, seq INTEGER,
  security_title VARCHAR, transaction_date VARCHAR, deemed_execution_date VARCHAR, transaction_form_type VARCHAR,
  transaction_code VARCHAR, equity_swap_involved BOOLEAN, timeliness VARCHAR, shares DOUBLE, price_per_share DOUBLE,
  acquired_disposed VARCHAR, shares_after DOUBLE, value_after DOUBLE, direct_indirect VARCHAR, nature_of_ownership VARCHAR,
  exercise_price DOUBLE, exercise_date VARCHAR, expiration_date VARCHAR, underlying_security VARCHAR, underlying_shares DOUBLE,
  footnote_ids VARCHAR, source VARCHAR
);

CREATE OR REPLACE TEMP MACRO final_insider_transactions() AS TABLE
SELECT
  cik_bucket(issuer_cik) AS bucket, accession, issuer_cik, document_type, is_derivative, is_holding, seq, security_title,
  try_cast(transaction_date AS DATE) AS transaction_date, try_cast(deemed_execution_date AS DATE) AS deemed_execution_date,
  transaction_form_type, upper(transaction_code) AS transaction_code, equity_swap_involved, timeliness, shares,
  price_per_share, upper(acquired_disposed) AS acquired_disposed, shares_after, value_after, upper(direct_indirect) AS direct_indirect,
  nature_of_ownership, exercise_price, try_cast(exercise_date AS DATE) AS exercise_date,
  try_cast(expiration_date AS DATE) AS expiration_date, underlying_security, underlying_shares,
  coalesce(from_json(footnote_ids, '["VARCHAR"]'), []) AS footnote_ids, source
FROM stage_insider_transactions;
