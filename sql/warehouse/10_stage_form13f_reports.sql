-- Staging for form13f_reports: one row per (source, accession): a 13F cover and summary page.
CREATE OR REPLACE TEMP TABLE stage_form13f_reports (
  accession VARCHAR, manager_cik INTEGER, manager_name VARCHAR, form VARCHAR, period_of_report VARCHAR, filed VARCHAR,
  report_type VARCHAR, is_amendment BOOLEAN, amendment_no INTEGER, amendment_type VARCHAR, table_entry_total BIGINT,
  table_value_total DOUBLE, other_managers_count INTEGER, file_number VARCHAR, source VARCHAR
);

CREATE OR REPLACE TEMP MACRO final_form13f_reports() AS TABLE
SELECT accession, manager_cik, manager_name, upper(form) AS form, period_of_report::DATE AS period_of_report,
  filed::DATE AS filed, upper(report_type) AS report_type, is_amendment, amendment_no, upper(amendment_type) AS amendment_type,
  table_entry_total, table_value_total, other_managers_count, file_number, source
FROM stage_form13f_reports;
