-- Staging for nport_returns: one row per (source, accession, class) of an N-PORT report's monthly total returns (%).
CREATE OR REPLACE TEMP TABLE stage_nport_returns (
  accession VARCHAR, class_id VARCHAR, rtn1 DOUBLE, rtn2 DOUBLE, rtn3 DOUBLE, source VARCHAR
);

CREATE OR REPLACE TEMP MACRO final_nport_returns() AS TABLE
SELECT accession, nullif(upper(trim(class_id)), '') AS class_id, rtn1, rtn2, rtn3, source
FROM stage_nport_returns;
