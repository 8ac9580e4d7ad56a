-- Rows of the staged batch that the warehouse does not hold yet: (source, accession) is the idempotency key.
CREATE OR REPLACE TEMP MACRO new_nport_returns() AS TABLE
WITH staged AS (SELECT * FROM final_nport_returns() QUALIFY row_number() OVER (PARTITION BY source, accession, class_id) = 1)
SELECT s.* FROM staged s ANTI JOIN (SELECT DISTINCT source, accession FROM src_nport_returns) h
  ON s.source = h.source AND s.accession = h.accession
ORDER BY s.accession, s.class_id;
