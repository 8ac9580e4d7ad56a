-- One row per 13F filing (accession) whose information table counts for its manager's quarter. Per manager and quarter
-- the base is the newest original 13F-HR or RESTATEMENT amendment (an amendment that states no type is taken as a
-- restatement); NEW HOLDINGS amendments filed on or after the base add their rows.
-- Only 13F-HR and 13F-HR/A carry holdings that count (13F-NT notices have none; 13F-CTR tables are confidential).
-- value_multiplier turns the table's values into dollars: filings made before 2023-01-03 reported thousands of dollars
-- (the rule follows the filing date, so a late 2021 report filed in 2023 is in dollars); without a filing date the
-- quarter decides (reports for quarters before 2022-12-31 were due, and filed, in thousands).
CREATE OR REPLACE VIEW form13f_contributing AS
WITH covers AS (
  SELECT *,
    (date_trunc('quarter', period_of_report) + INTERVAL 3 MONTH - INTERVAL 1 DAY)::DATE AS report_date,
    CASE WHEN amendment_type IS NOT NULL THEN upper(amendment_type) WHEN is_amendment THEN 'RESTATEMENT' END AS amendment_kind
  FROM src_form13f_reports
  WHERE manager_cik IS NOT NULL AND period_of_report IS NOT NULL AND form LIKE '13F-HR%'
  QUALIFY row_number() OVER (PARTITION BY accession ORDER BY filed DESC NULLS LAST) = 1
),
bases AS (
  SELECT manager_cik, report_date, accession AS base_accession, filed AS base_filed
  FROM covers
  WHERE amendment_kind IS NULL OR amendment_kind = 'RESTATEMENT'
  QUALIFY row_number() OVER (PARTITION BY manager_cik, report_date
    ORDER BY filed DESC NULLS LAST, is_amendment DESC, amendment_no DESC NULLS LAST, accession DESC) = 1
)
SELECT c.accession, c.manager_cik, c.manager_name, c.form, c.report_date, c.filed, c.amendment_kind,
  CASE WHEN coalesce(c.filed < DATE '2023-01-03', c.report_date < DATE '2022-12-31') THEN 1000 ELSE 1 END AS value_multiplier
FROM covers c
LEFT JOIN bases b USING (manager_cik, report_date)
WHERE b.base_accession IS NULL
   OR c.accession = b.base_accession
   OR (c.amendment_kind = 'NEW HOLDINGS' AND coalesce(c.filed, DATE '9999-12-31') >= coalesce(b.base_filed, DATE '0001-01-01'));
