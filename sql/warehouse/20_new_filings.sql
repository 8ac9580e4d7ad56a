-- Rows of the staged batch that the warehouse does not hold yet (idempotent re-ingest). Key: (source, cik, accession):
-- a filing belongs to every company whose EDGAR record lists it (an insider's Form 4 under the issuer and the owner,
-- a 13D under subject and filer, each co-registrant), so two companies' rows of one accession are both kept.
CREATE OR REPLACE TEMP MACRO new_filings() AS TABLE
WITH staged AS (
  -- one row per (source, cik, accession): a later row of the same batch wins
  SELECT * FROM final_filings()
  QUALIFY row_number() OVER (PARTITION BY source, cik, accession ORDER BY filed DESC NULLS LAST) = 1
),
held AS (
  SELECT DISTINCT source, cik, accession FROM src_filings WHERE bucket IN (SELECT DISTINCT bucket FROM staged)
)
SELECT s.* FROM staged s ANTI JOIN held h ON s.source = h.source AND s.cik = h.cik AND s.accession = h.accession
ORDER BY s.bucket, s.cik, s.filed, s.accession;
