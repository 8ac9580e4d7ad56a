-- Rows of the staged batch that the warehouse does not hold yet: (source, accession) is the idempotency key.
CREATE OR REPLACE TEMP MACRO new_beneficial_owners() AS TABLE
WITH staged AS (SELECT * FROM final_beneficial_owners() QUALIFY row_number() OVER (PARTITION BY source, accession, seq) = 1)
SELECT s.* FROM staged s ANTI JOIN (SELECT DISTINCT source, accession FROM src_beneficial_owners) h
  ON s.source = h.source AND s.accession = h.accession
ORDER BY s.cusip, s.event_date, s.accession, s.seq;
