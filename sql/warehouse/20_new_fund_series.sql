-- Rows of the staged batch that the warehouse does not hold yet (row_key: the whole staged row), sorted by series.
CREATE OR REPLACE TEMP MACRO new_fund_series() AS TABLE
WITH staged AS (SELECT * FROM final_fund_series() QUALIFY row_number() OVER (PARTITION BY row_key) = 1)
SELECT s.* FROM staged s ANTI JOIN (SELECT row_key FROM src_fund_series) h ON s.row_key = h.row_key
ORDER BY s.series_id, s.as_of;
