-- One row per accession of an issuer's Forms 3/4/5: the XML document when it was ingested, else the SEC data set's row;
-- the filing date is borrowed from the other source when the chosen one lacks it (a bare XML document). Key: accession.
CREATE OR REPLACE MACRO insider_filings_of(p_cik) AS TABLE
WITH issuer AS (
  SELECT * FROM src_insider_filings WHERE bucket = cik_bucket(p_cik) AND issuer_cik = p_cik
),
ranked AS (
  SELECT *,
    max(filed) OVER (PARTITION BY accession) AS any_filed,
    row_number() OVER (PARTITION BY accession ORDER BY (source = 'ownership-xml') DESC, filed DESC NULLS LAST) AS pick
  FROM issuer
)
SELECT accession, issuer_cik, issuer_name, issuer_symbol, document_type, document_type LIKE '%/A' AS is_amendment,
  period_of_report, coalesce(filed, any_filed) AS filed, owners, footnotes, source,
  -- pseudo-accessions (bare documents without one) get no URL
  CASE WHEN accession NOT LIKE 'content-%' THEN accession END AS accession_number,
  CASE WHEN accession NOT LIKE 'content-%' THEN
    'https://www.sec.gov/Archives/edgar/data/' || issuer_cik || '/' || replace(accession, '-', '') || '/' || accession || '-index.htm'
  END AS filing_url
FROM ranked
WHERE pick = 1;
