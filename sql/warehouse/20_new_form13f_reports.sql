-- Rows of the staged batch that the warehouse does not hold yet: (source, accession) is the idempotency key.
CREATE OR REPLACE TEMP MACRO new_form13f_reports() AS TABLE
WITH staged AS (SELECT * FROM final_form13f_reports() QUALIFY row_number() OVER (PARTITION BY source, accession) = 1)
SELECT s.* FROM staged s ANTI JOIN (SELECT DISTINCT source, accession FROM src_form13f_reports) h
  ON s.source = h.source AND s.accession = h.accession
ORDER BY s.period_of_report, s.manager_cik, s.accession;
