-- The fund flow resource (N-PORT): one row per quarter, newest first, at most p_limit: the asked class's monthly total
-- returns, the series' monthly sales, reinvestments and redemptions, net and total assets, all as filed.
-- Grain: one row per quarter of the series.
CREATE OR REPLACE MACRO fund_flows(p_series_id, p_class_id, p_limit, p_as_of) AS TABLE
WITH quarters AS (SELECT * FROM nport_quarters(p_series_id, p_limit, p_as_of)),
returns AS (SELECT * FROM nport_class_returns((SELECT list(accession) FROM quarters), p_class_id))
SELECT
  q.rep_pd_date AS "reportDate",
  r.rtn1::DOUBLE AS "returnMon1", r.rtn2::DOUBLE AS "returnMon2", r.rtn3::DOUBLE AS "returnMon3",
  q.sales1::DOUBLE AS "flowSalesMon1", q.sales2::DOUBLE AS "flowSalesMon2", q.sales3::DOUBLE AS "flowSalesMon3",
  q.reinvest1::DOUBLE AS "flowReinvestMon1", q.reinvest2::DOUBLE AS "flowReinvestMon2", q.reinvest3::DOUBLE AS "flowReinvestMon3",
  q.redemption1::DOUBLE AS "flowRedemptionMon1", q.redemption2::DOUBLE AS "flowRedemptionMon2",
  q.redemption3::DOUBLE AS "flowRedemptionMon3",
  q.net_assets::DOUBLE AS "netAssets", q.tot_assets::DOUBLE AS "totalAssets"
FROM quarters q LEFT JOIN returns r USING (accession)
ORDER BY q.rep_pd_date DESC;
