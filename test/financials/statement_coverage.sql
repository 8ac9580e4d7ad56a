-- Coverage and consistency of the standardized statements over every company in the warehouse, whatever it was
-- ingested from (companyfacts, bulk companyfacts, the FS/FSN data sets, XBRL filings) (REPL-runnable:
-- `npm run repl < test/financials/statement_coverage.sql`). statement_coverage(b) covers one cik bucket (the period
-- engine reads one bucket at a time); the buckets present are collected first, so empty ones cost nothing. Shares are
-- of annual periods (fill) and of period-end balance sheets that state assets, liabilities and equity (balance within
-- 0.1%); `filed_*` counts only sheets whose liabilities were filed as a total (not derived from the identity itself).
SET VARIABLE coverage_sql = (
  SELECT string_agg('SELECT * FROM statement_coverage(' || bucket || ')', ' UNION ALL ')
  FROM (SELECT DISTINCT bucket FROM src_facts)
);
SELECT count(*) AS companies, sum(annual_periods) AS annual_periods,
       round(sum(with_revenue) / sum(annual_periods), 4) AS revenue_share,
       round(sum(with_net_income) / sum(annual_periods), 4) AS net_income_share,
       round(sum(with_total_assets) / sum(annual_periods), 4) AS total_assets_share,
       round(sum(with_operating_cash_flow) / sum(annual_periods), 4) AS operating_cash_flow_share,
       sum(balance_checked) AS balance_sheets, round(sum(balanced) / nullif(sum(balance_checked), 0), 4) AS balanced_share,
       sum(filed_checked) AS filed_liability_sheets, round(sum(filed_balanced) / nullif(sum(filed_checked), 0), 4) AS filed_balanced_share
FROM query(getvariable('coverage_sql'));
-- The same shares per company source mix: which kinds of document the company's facts came from (companyfacts,
-- fsds = the FS/FSN data sets, xbrl-instance, inline-xbrl, ...), so the FS data sets' companies are reported apart.
SELECT sources, count(*) AS companies, sum(annual_periods) AS annual_periods,
       round(sum(with_revenue) / nullif(sum(annual_periods), 0), 4) AS revenue_share,
       round(sum(with_net_income) / nullif(sum(annual_periods), 0), 4) AS net_income_share,
       round(sum(with_total_assets) / nullif(sum(annual_periods), 0), 4) AS total_assets_share,
       round(sum(with_operating_cash_flow) / nullif(sum(annual_periods), 0), 4) AS operating_cash_flow_share,
       sum(balance_checked) AS balance_sheets, round(sum(balanced) / nullif(sum(balance_checked), 0), 4) AS balanced_share
FROM query(getvariable('coverage_sql')) c
JOIN (SELECT cik, string_agg(DISTINCT source, ',' ORDER BY source) AS sources FROM src_facts GROUP BY cik) s USING (cik)
GROUP BY sources ORDER BY companies DESC;
