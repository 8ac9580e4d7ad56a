-- Staging for nport_reports: one row per (source, accession) of an N-PORT report, totals and flows as filed.
CREATE OR REPLACE TEMP TABLE stage_nport_reports (
  accession VARCHAR, cik INTEGER, form VARCHAR, filed VARCHAR, series_id VARCHAR, series_name VARCHAR, series_lei VARCHAR,
  reg_name VARCHAR, rep_pd_end VARCHAR, rep_pd_date VARCHAR, is_final BOOLEAN, tot_assets DOUBLE, tot_liabs DOUBLE,
  net_assets DOUBLE, sales1 DOUBLE, reinvest1 DOUBLE, redemption1 DOUBLE, sales2 DOUBLE, reinvest2 DOUBLE, redemption2 DOUBLE,
  sales3 DOUBLE, reinvest3 DOUBLE, redemption3 DOUBLE, source VARCHAR
);

CREATE OR REPLACE TEMP MACRO final_nport_reports() AS TABLE
SELECT accession, cik, upper(trim(form)) AS form, filed::DATE AS filed, nullif(upper(trim(series_id)), '') AS series_id,
  nullif(trim(series_name), '') AS series_name, nullif(upper(trim(series_lei)), '') AS series_lei, reg_name,
  rep_pd_end::DATE AS rep_pd_end, rep_pd_date::DATE AS rep_pd_date, is_final, tot_assets, tot_liabs, net_assets,
  sales1, reinvest1, redemption1, sales2, reinvest2, redemption2, sales3, reinvest3, redemption3, source
FROM stage_nport_reports;
