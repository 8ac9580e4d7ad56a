-- Coverage and consistency of the standardized statements over every company in the warehouse, whatever it was
-- ingested from (companyfacts, bulk companyfacts, the FS/FSN data sets, XBRL filings) (REPL-runnable:
-- `npm run repl < test/financials/statement_coverage.sql`; scripts/coverage.ts builds a warehouse of every fixture
-- company and runs this file). It reads the stored statements, which every ingest refreshes (a warehouse whose refresh
-- was interrupted: `npm run ingest -- --refresh-periods` first). Shares are of annual periods (fiscal years with some
-- flow stated; annual_filers counts the companies having one) and of period-end balance sheets that state assets, liabilities and equity (balance within 0.1%); `filed_*` counts only sheets whose
-- liabilities were filed as a total (not derived from the identity itself).
CREATE OR REPLACE TEMP TABLE coverage AS
SELECT c.*, s.sources
FROM statement_coverage(NULL) c
-- which kinds of document the company's facts came from (companyfacts, fsds = the FS/FSN data sets, xbrl-instance, ...)
LEFT JOIN (SELECT cik, string_agg(DISTINCT source, ',' ORDER BY source) AS sources FROM src_facts GROUP BY cik) s USING (cik);
SELECT count(*) AS companies, count(*) FILTER (WHERE annual_periods > 0) AS annual_filers, sum(annual_periods) AS annual_periods,
       round(sum(with_revenue) / nullif(sum(annual_periods), 0), 4) AS revenue_share,
       round(sum(with_net_income) / nullif(sum(annual_periods), 0), 4) AS net_income_share,
       round(sum(with_total_assets) / nullif(sum(annual_periods), 0), 4) AS total_assets_share,
       round(sum(with_operating_cash_flow) / nullif(sum(annual_periods), 0), 4) AS operating_cash_flow_share,
       sum(balance_checked) AS balance_sheets, round(sum(balanced) / nullif(sum(balance_checked), 0), 4) AS balanced_share,
       sum(filed_checked) AS filed_liability_sheets, round(sum(filed_balanced) / nullif(sum(filed_checked), 0), 4) AS filed_balanced_share
FROM coverage;
-- The same shares per source mix, so the FS data sets' companies are reported apart from the companyfacts ones.
SELECT sources, count(*) AS companies, count(*) FILTER (WHERE annual_periods > 0) AS annual_filers, sum(annual_periods) AS annual_periods,
       round(sum(with_revenue) / nullif(sum(annual_periods), 0), 4) AS revenue_share,
       round(sum(with_net_income) / nullif(sum(annual_periods), 0), 4) AS net_income_share,
       round(sum(with_total_assets) / nullif(sum(annual_periods), 0), 4) AS total_assets_share,
       round(sum(with_operating_cash_flow) / nullif(sum(annual_periods), 0), 4) AS operating_cash_flow_share,
       sum(balance_checked) AS balance_sheets, round(sum(balanced) / nullif(sum(balance_checked), 0), 4) AS balanced_share,
       sum(filed_checked) AS filed_liability_sheets, round(sum(filed_balanced) / nullif(sum(filed_checked), 0), 4) AS filed_balanced_share
FROM coverage GROUP BY sources ORDER BY companies DESC;
