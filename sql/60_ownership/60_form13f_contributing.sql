-- One row per 13F filing (accession) whose information table counts for its manager's quarter. Per manager and quarter
-- the base is the newest original 13F-HR or RESTATEMENT amendment (an amendment that states no type is taken as a
-- restatement); NEW HOLDINGS amendments filed on or after the base add their rows.
-- Only 13F-HR and 13F-HR/A carry holdings that count (13F-NT notices have none; 13F-CTR tables are confidential).
-- value_multiplier turns the table's values into dollars and value_unit_rule says what decided it, both from
-- form13f_unit_index (the data itself: peer prices, the cover total); a filing with no table there falls back to the
-- date rule: filed before 2023-01-03 means thousands (without a filing date, a quarter before 2022-12-31).
CREATE OR REPLACE VIEW form13f_contributing AS
WITH reports AS (
  SELECT accession, filed, {
      'manager_cik': manager_cik, 'manager_name': manager_name, 'form': form, 'period_of_report': period_of_report,
      'is_amendment': is_amendment, 'amendment_no': amendment_no, 'amendment_type': amendment_type
    } AS r
  FROM src_form13f_reports
  WHERE manager_cik IS NOT NULL AND period_of_report IS NOT NULL AND form LIKE '13F-HR%'
),
covers AS (
  -- one row per accession; a copy that knows the filing date wins (aggregation, not a window: cheaper on many covers)
  SELECT accession, max(filed) AS filed, arg_max(r, coalesce(filed, DATE '0001-01-01')) AS r
  FROM reports
  GROUP BY accession
),
typed AS (
  SELECT accession, filed, r.manager_cik, r.manager_name, r.form, r.is_amendment, r.amendment_no,
    (date_trunc('quarter', r.period_of_report) + INTERVAL 3 MONTH - INTERVAL 1 DAY)::DATE AS report_date,
    CASE WHEN r.amendment_type IS NOT NULL THEN upper(r.amendment_type) WHEN r.is_amendment THEN 'RESTATEMENT' END AS amendment_kind
  FROM covers
),
bases AS (
  -- newest filing first, then an amendment over an original, the higher amendment number, the later accession
  SELECT manager_cik, report_date,
    arg_max(accession, strftime(coalesce(filed, DATE '0001-01-01'), '%Y%m%d') || is_amendment::INTEGER
      || lpad(coalesce(amendment_no, 0)::VARCHAR, 6, '0') || accession) AS base_accession
  FROM typed
  WHERE amendment_kind IS NULL OR amendment_kind = 'RESTATEMENT'
  GROUP BY manager_cik, report_date
),
based AS (
  SELECT t.*, b.base_accession, (SELECT x.filed FROM typed x WHERE x.accession = b.base_accession) AS base_filed
  FROM typed t LEFT JOIN bases b USING (manager_cik, report_date)
)
SELECT b.accession, b.manager_cik, b.manager_name, b.form, b.report_date, b.filed, b.amendment_kind,
  coalesce(u.value_multiplier,
    CASE WHEN coalesce(b.filed < DATE '2023-01-03', b.report_date < DATE '2022-12-31') THEN 1000 ELSE 1 END) AS value_multiplier,
  coalesce(u.value_unit_rule, 'filing date') AS value_unit_rule
FROM based b
LEFT JOIN form13f_unit_index u USING (accession)
WHERE base_accession IS NULL
   OR accession = base_accession
   OR (amendment_kind = 'NEW HOLDINGS' AND coalesce(filed, DATE '9999-12-31') >= coalesce(base_filed, DATE '0001-01-01'));
