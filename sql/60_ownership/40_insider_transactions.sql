-- The insider-transactions resource of one issuer: one row per physical trade, newest first, exactly the spec's fields.
CREATE OR REPLACE MACRO insider_transactions(p_cik) AS TABLE
SELECT * EXCLUDE (owner_keys, row_seq) FROM insider_transaction_rows(p_cik)
ORDER BY "transactionDate" DESC NULLS LAST, "filingDate" DESC NULLS LAST, "accessionNumber", "isDerivative", row_seq;
