-- Rows of the staged batch that the warehouse does not hold yet: (source, accession, filed) is the idempotency key, so a
-- container that knows the filing date still adds its row after a bare copy of the same document that did not.
CREATE OR REPLACE TEMP MACRO new_form13f_reports() AS TABLE
WITH staged AS (SELECT * FROM final_form13f_reports() QUALIFY row_number() OVER (PARTITION BY source, accession, filed) = 1)
SELECT s.* FROM staged s ANTI JOIN (SELECT DISTINCT source, accession, filed FROM src_form13f_reports) h
  ON s.source = h.source AND s.accession = h.accession AND s.filed IS NOT DISTINCT FROM h.filed
ORDER BY s.period_of_report, s.manager_cik, s.accession;
