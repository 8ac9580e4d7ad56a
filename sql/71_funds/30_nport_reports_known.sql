-- N-PORT reports of one fund series as known on p_as_of (filed on or before it; a bare document without a filing date
-- counts from its report date), one row per report date: an NPORT-P/A supersedes the report it amends (newest filing
-- first, then the amendment; a report read both from its XML and from the SEC data set counts once, the XML's), and the N-PORT filings of a single-series registrant without a series id count as its own.
-- Grain: one row per rep_pd_date.
CREATE OR REPLACE MACRO nport_reports_known(p_series_id, p_as_of) AS TABLE
WITH filed AS (
  SELECT r.*
  FROM src_nport_reports r
  WHERE r.series_id = upper(trim(p_series_id))
    AND (p_as_of IS NULL OR coalesce(r.filed, r.rep_pd_date) <= p_as_of::DATE)
)
SELECT * FROM filed
QUALIFY row_number() OVER (
  PARTITION BY rep_pd_date
  ORDER BY filed DESC NULLS LAST, (form LIKE '%/A') DESC, accession DESC, (source = 'nport') DESC
) = 1;
