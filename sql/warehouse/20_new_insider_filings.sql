-- Rows of the staged batch that the warehouse does not hold yet: (source, accession, filed) is the idempotency key, so a
-- container that knows the filing date still adds its row after a bare copy of the same document that did not.
CREATE OR REPLACE TEMP MACRO new_insider_filings() AS TABLE
WITH staged AS (SELECT * FROM final_insider_filings() QUALIFY row_number() OVER (PARTITION BY source, accession, filed) = 1),
held AS (SELECT DISTINCT source, accession, filed FROM src_insider_filings WHERE bucket IN (SELECT DISTINCT bucket FROM staged))
SELECT s.* FROM staged s ANTI JOIN held h ON s.source = h.source AND s.accession = h.accession AND s.filed IS NOT DISTINCT FROM h.filed
ORDER BY s.bucket, s.issuer_cik, s.filed, s.accession;
