-- Rows of the staged batch that the warehouse does not hold yet: (source, accession) is the idempotency key.
-- Sorted by lookup CUSIP so a one-security read (reverse lookup) touches few row groups.
CREATE OR REPLACE TEMP MACRO new_nport_holdings() AS TABLE
WITH staged AS (SELECT * FROM final_nport_holdings() QUALIFY row_number() OVER (PARTITION BY source, accession, seq) = 1)
SELECT s.* FROM staged s ANTI JOIN (SELECT DISTINCT source, accession FROM src_nport_holdings) h
  ON s.source = h.source AND s.accession = h.accession
ORDER BY s.lookup_cusip, s.isin, s.accession, s.seq;
