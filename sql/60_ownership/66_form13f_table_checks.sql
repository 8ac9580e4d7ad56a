-- One row per 13F filing whose information table disagrees with its own summary page: fewer or more rows than
-- tableEntryTotal, or a value total off by more than rounding. A table cut at a row boundary is still well-formed XML,
-- so it is flagged here rather than refused at ingest (filers' summary pages are not always exact either).
CREATE OR REPLACE VIEW form13f_table_checks AS
WITH tables AS (
  SELECT accession, source, count(*)::INTEGER AS table_rows, sum(value) AS table_value
  FROM src_holdings_13f
  GROUP BY accession, source
),
covers AS (
  SELECT accession, arg_max(manager_cik, coalesce(filed, DATE '0001-01-01')) AS manager_cik,
    max(table_entry_total)::INTEGER AS declared_rows, max(table_value_total) AS declared_value
  FROM src_form13f_reports
  GROUP BY accession
)
SELECT c.accession, t.source, c.manager_cik, t.table_rows, c.declared_rows, t.table_value, c.declared_value,
  CASE WHEN t.table_rows < c.declared_rows THEN 'fewer rows than the summary page declares'
       WHEN t.table_rows > c.declared_rows THEN 'more rows than the summary page declares'
       ELSE 'value total differs from the summary page' END AS problem
FROM covers c JOIN tables t USING (accession)
WHERE t.table_rows IS DISTINCT FROM c.declared_rows
   OR abs(t.table_value - c.declared_value) > greatest(1, 0.001 * abs(c.declared_value));
