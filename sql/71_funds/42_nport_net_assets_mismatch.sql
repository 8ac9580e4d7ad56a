-- A check for the REPL, not a computation: N-PORT reports whose filed net assets differ from total assets minus total
-- liabilities by more than p_tolerance USD (the profile serves the filed figure). Grain: one row per report.
--   SELECT * FROM nport_net_assets_mismatch(1.0);
CREATE OR REPLACE MACRO nport_net_assets_mismatch(p_tolerance) AS TABLE
SELECT accession, cik, series_id, series_name, rep_pd_date, tot_assets, tot_liabs, net_assets,
  tot_assets - tot_liabs AS computed_net_assets, net_assets - (tot_assets - tot_liabs) AS difference
FROM src_nport_reports
WHERE abs(net_assets - (tot_assets - tot_liabs)) > coalesce(p_tolerance, 1.0)
ORDER BY abs(net_assets - (tot_assets - tot_liabs)) DESC;
