-- Rows of the staged batch that the warehouse does not hold yet: (source, accession) is the idempotency key.
CREATE OR REPLACE TEMP MACRO new_insider_transactions() AS TABLE
WITH staged AS (
  SELECT * FROM final_insider_transactions()
  QUALIFY row_number() OVER (PARTITION BY source, accession, is_derivative, is_holding, seq) = 1
),
held AS (SELECT DISTINCT source, accession FROM src_insider_transactions WHERE bucket IN (SELECT DISTINCT bucket FROM staged))
SELECT s.* FROM staged s ANTI JOIN held h ON s.source = h.source AND s.accession = h.accession
ORDER BY s.bucket, s.issuer_cik, s.transaction_date, s.accession, s.is_derivative, s.is_holding, s.seq;
