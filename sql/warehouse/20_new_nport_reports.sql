-- Rows of the staged batch that the warehouse does not hold yet: (source, accession) is the idempotency key.
CREATE OR REPLACE TEMP MACRO new_nport_reports() AS TABLE
WITH staged AS (SELECT * FROM final_nport_reports() QUALIFY row_number() OVER (PARTITION BY source, accession) = 1)
SELECT s.* FROM staged s ANTI JOIN (SELECT DISTINCT source, accession FROM src_nport_reports) h
  ON s.source = h.source AND s.accession = h.accession
ORDER BY s.series_id, s.rep_pd_date;
