-- Grain: one row per accession of one registrant: the date a fund document counts from. The filing date when the
-- source states it (EDGAR header, submissions index); a document ingested bare (no header) has none, and then its own
-- dei:DocumentPeriodEndDate (the filings row's report date) stands in, else the latest period end it tags.
CREATE OR REPLACE MACRO fund_filing_dates(c) AS TABLE
WITH facts AS (
  SELECT accession, min(filed) AS filed, max(period_end) AS last_end FROM fund_class_facts(c) GROUP BY accession
),
filings AS (
  SELECT accession, min(filed::DATE) AS filed, max(report_date::DATE) AS report_date
  FROM src_filings WHERE bucket = cik_bucket(c) AND cik = c AND accession IN (SELECT accession FROM facts)
  GROUP BY accession
)
SELECT f.accession, coalesce(f.filed, g.filed, g.report_date, f.last_end) AS filed_date
FROM facts f LEFT JOIN filings g USING (accession);
