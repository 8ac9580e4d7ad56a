-- Grain: one row per company with stored statement lines, of one cik bucket (b) or of every bucket (b NULL): how
-- complete and consistent its standardized statements are, read from the stored `statements` dataset
-- (standard_values as materialized after ingest), so a report over every company scans Parquet instead of running
-- the period engine bucket by bucket. Annual periods of annual reports with revenue, net income, total assets and
-- operating cash flow filled; balance sheets (each period end of the annual and quarterly series, once) where
-- assets = liabilities + temporary equity + equity incl. noncontrolling interest within 0.1%, over the period ends
-- that state all three (balance_checked) and over those whose liabilities were filed as a total rather than derived
-- from that same identity (filed_checked, the non-circular test). test/financials/statement_coverage.sql sums it over
-- the warehouse (REPL-runnable).
CREATE OR REPLACE MACRO statement_coverage(b) AS TABLE
WITH s AS (
  -- the seven lines the report reads, and the flows that show a fiscal year's statements were filed
  SELECT cik, series, period_end, fiscal_period, line, value, kind, derived
  FROM read_parquet(getvariable('warehouse') || '/statements/bucket=' || coalesce(b::VARCHAR, '*') || '/*.parquet',
                    hive_partitioning := false)
  WHERE series IN ('annual', 'quarter')
    AND (line IN ('revenue', 'netIncome', 'totalAssets', 'operatingCashFlow', 'totalLiabilities', 'temporaryEquity', 'totalEquity')
         OR kind = 'flow')
),
annual_reports AS (
  -- the fiscal years an annual report (10-K, 20-F, 40-F and their amendments) covers. A 10-Q's comparative year-end
  -- balance sheet, the prior year's income in its equity roll-forward or a trailing-twelve-month cash flow also make
  -- annual periods, but no income statement was filed for them, so they are not counted as lacking one
  SELECT DISTINCT cik, period_end FROM src_facts
  WHERE (b IS NULL OR bucket = b) AND regexp_matches(form, '^(10-K|20-F|40-F)')
    AND period_start IS NOT NULL AND period_end - period_start > 300
),
annual AS (
  SELECT cik, period_end,
         bool_or(line = 'revenue') AS has_revenue, bool_or(line = 'netIncome') AS has_net_income,
         bool_or(line = 'totalAssets') AS has_assets, bool_or(line = 'operatingCashFlow') AS has_ocf
  FROM s SEMI JOIN annual_reports USING (cik, period_end) WHERE series = 'annual' GROUP BY ALL
  -- a year the report presents statements for (some flow line stated), not one a footnote alone reaches back to
  HAVING bool_or(kind = 'flow')
),
balances AS (
  SELECT cik, series, period_end, fiscal_period,
         max(value) FILTER (WHERE line = 'totalAssets') AS assets,
         max(value) FILTER (WHERE line = 'totalLiabilities') AS liabilities,
         bool_or(derived) FILTER (WHERE line = 'totalLiabilities') AS liabilities_derived,
         coalesce(max(value) FILTER (WHERE line = 'temporaryEquity'), 0) AS temporary_equity,
         max(value) FILTER (WHERE line = 'totalEquity') AS equity
  FROM s GROUP BY cik, series, period_end, fiscal_period
  -- one balance sheet per period end: the quarterly series repeats the fiscal-year-end balance as its Q4
  QUALIFY row_number() OVER (PARTITION BY cik, period_end ORDER BY series = 'annual' DESC, fiscal_period) = 1
),
checked AS (
  SELECT cik, liabilities_derived,
         abs(assets - (liabilities + temporary_equity + equity)) <= 0.001 * abs(assets) AS balances
  FROM balances WHERE assets IS NOT NULL AND liabilities IS NOT NULL AND equity IS NOT NULL AND assets <> 0
),
companies AS (
  SELECT DISTINCT cik FROM s
),
per_company AS (
  SELECT cik, count(*) AS annual_periods,
         count(*) FILTER (WHERE has_revenue) AS with_revenue, count(*) FILTER (WHERE has_net_income) AS with_net_income,
         count(*) FILTER (WHERE has_assets) AS with_total_assets, count(*) FILTER (WHERE has_ocf) AS with_operating_cash_flow
  FROM annual GROUP BY cik
),
per_company_balance AS (
  SELECT cik, count(*) AS balance_checked, count(*) FILTER (WHERE balances) AS balanced,
         count(*) FILTER (WHERE NOT liabilities_derived) AS filed_checked,
         count(*) FILTER (WHERE NOT liabilities_derived AND balances) AS filed_balanced
  FROM checked GROUP BY cik
)
SELECT cik, coalesce(p.annual_periods, 0) AS annual_periods, coalesce(p.with_revenue, 0) AS with_revenue,
       coalesce(p.with_net_income, 0) AS with_net_income, coalesce(p.with_total_assets, 0) AS with_total_assets,
       coalesce(p.with_operating_cash_flow, 0) AS with_operating_cash_flow,
       coalesce(c.balance_checked, 0) AS balance_checked, coalesce(c.balanced, 0) AS balanced,
       coalesce(c.filed_checked, 0) AS filed_checked, coalesce(c.filed_balanced, 0) AS filed_balanced
FROM companies LEFT JOIN per_company p USING (cik) LEFT JOIN per_company_balance c USING (cik);
