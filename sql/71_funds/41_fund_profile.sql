-- The fund profile resource (N-PORT): one row per quarter, newest first, at most p_limit. netAssets is served as filed
-- (the form states it; nport_net_assets_mismatch() lists reports where it differs from total assets - liabilities).
-- seriesId is the series id's number (S000013795 -> 13795); seriesName is NULL for a registrant with a single series.
-- totalSales / totalRedemptions are the quarter's three months summed in decimal (the stored DOUBLEs summed directly
-- served 37233058.20999999 for a filed 24063559.74 + 7957748.47 + 5211750). Grain: one row per quarter of the series.
CREATE OR REPLACE MACRO fund_profile(p_series_id, p_class_id, p_limit, p_as_of) AS TABLE
WITH quarters AS (SELECT * FROM nport_quarters(p_series_id, p_limit, p_as_of)),
returns AS (SELECT * FROM nport_class_returns((SELECT list(accession) FROM quarters), p_class_id)),
holdings AS (
  -- the holdings of the source the report was read from (XML or data set), not both
  SELECT h.accession, count(*) AS n
  FROM src_nport_holdings h JOIN quarters q ON q.accession = h.accession AND q.source = h.source
  GROUP BY h.accession
),
registrant_series AS (
  SELECT count(*) AS n FROM fund_series_index WHERE cik = (SELECT any_value(cik) FROM quarters)
)
SELECT
  q.rep_pd_date AS "reportDate",
  TRY_CAST(substr(q.series_id, 2) AS BIGINT) AS "seriesId",
  CASE WHEN (SELECT n FROM registrant_series) > 1 THEN coalesce(q.series_name, s.series_name) END AS "seriesName",
  q.tot_assets::DOUBLE AS "totalAssets", q.tot_liabs::DOUBLE AS "totalLiabilities", q.net_assets::DOUBLE AS "netAssets",
  r.rtn1::DOUBLE AS "returnMon1", r.rtn2::DOUBLE AS "returnMon2", r.rtn3::DOUBLE AS "returnMon3",
  (coalesce(q.sales1, 0)::DECIMAL(38, 6) + coalesce(q.sales2, 0)::DECIMAL(38, 6) + coalesce(q.sales3, 0)::DECIMAL(38, 6))::DOUBLE AS "totalSales",
  (coalesce(q.redemption1, 0)::DECIMAL(38, 6) + coalesce(q.redemption2, 0)::DECIMAL(38, 6)
    + coalesce(q.redemption3, 0)::DECIMAL(38, 6))::DOUBLE AS "totalRedemptions",
  coalesce(h.n, 0)::BIGINT AS "holdingCount"
FROM quarters q
LEFT JOIN returns r USING (accession)
LEFT JOIN holdings h USING (accession)
LEFT JOIN fund_series_index s ON s.series_id = q.series_id
ORDER BY q.rep_pd_date DESC;
