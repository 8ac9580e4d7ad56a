-- Rows of the staged batch that the warehouse does not hold yet: (source, accession) is the idempotency key.
-- Sorted by cusip so a one-security read touches few row groups.
CREATE OR REPLACE TEMP MACRO new_holdings_13f() AS TABLE
WITH staged AS (SELECT * FROM final_holdings_13f() QUALIFY row_number() OVER (PARTITION BY source, accession, seq) = 1)
SELECT s.* FROM staged s ANTI JOIN (SELECT DISTINCT source, accession FROM src_holdings_13f) h
  ON s.source = h.source AND s.accession = h.accession
ORDER BY s.cusip, s.accession, s.seq;
