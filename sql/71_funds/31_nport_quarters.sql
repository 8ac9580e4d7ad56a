-- One N-PORT report per calendar quarter of a fund series (the last month-end report of the quarter, as known on
-- p_as_of), newest quarter first, at most p_limit quarters. Each report states the three months ending on its date.
-- Grain: one row per quarter.
CREATE OR REPLACE MACRO nport_quarters(p_series_id, p_limit, p_as_of) AS TABLE
WITH known AS (SELECT * FROM nport_reports_known(p_series_id, p_as_of))
SELECT * FROM known
QUALIFY row_number() OVER (PARTITION BY date_trunc('quarter', rep_pd_date) ORDER BY rep_pd_date DESC) = 1
ORDER BY rep_pd_date DESC
LIMIT coalesce(p_limit, 1000);
