-- Grain: one row per company (none when it has no annual income statement): the XBRL figures a company model is
-- decided from, over its latest three fiscal years (statements in the reporting currency), and the enum decisions the
-- economic model takes from facts. The statements come in as the caller's relations (inc_rel: income statement, 3
-- annual periods; cf_rel: cash flow, 3; bs_rel: balance sheet, 1; ar_rel: as-reported annual periods, 3), so the same
-- rules run over the period engine (model_fact_profile) or the statements materialized at ingest
-- (model_fact_profile_stored). Rules (thresholds are ours, documented in the README and the OpenAPI description):
--   capitalIntensity: regulated-asset-base when the SIC is 4900-4999 (utilities) and PP&E >= 50% of assets; else
--     asset-heavy when latest capex/revenue >= 10% or PP&E/total assets >= 40%; asset-light when capex/revenue < 4%
--     and PP&E/assets < 15% (either may be missing, not both); moderate otherwise; unknown without either ratio.
--   maintenanceVsGrowth: 3-year capex / 3-year D&A (cash-flow statement): <= 1.1 mostly-maintenance, <= 1.6 balanced,
--     above mostly-growth; unknown without both.
--   workingCapitalProfile: cash conversion cycle (days) = DSO + DIO - DPO, latest fiscal year end balances over the
--     year's revenue (DSO) and cost of revenue (DIO, DPO; a company without inventory or payables lines counts 0):
--     < -15 negative, <= 15 neutral, above positive; unknown without receivables and revenue. Never `seasonal` (annual
--     balances cannot show seasonality).
--   priceSettingPower: regulated for SIC 4900-4999; gross margin >= 55% strong, >= 25% some, below price-taker; unknown
--     without a gross margin.
--   revenueModel: current contract liabilities (deferred revenue) / revenue >= 25% recurring, >= 5% hybrid, below
--     one-time; no deferred-revenue line: one-time; unknown without revenue.
--   marginalMargin: gross margin >= 60% high, >= 30% mid, below low; without one, operating margin >= 25% high, >= 10%
--     mid, below low; unknown without either.
--   orientation: 3-year returned (dividends + repurchases) and reinvested (capex + acquisitions) against 3-year operating
--     cash flow: capital-return when returned >= 60% of it and above reinvested; growth-first when reinvested >= 60%
--     and above returned; margin-first when the operating margin rose >= 2 points over the window; else balanced.
CREATE OR REPLACE MACRO model_fact_profile_of(p_cik, inc_rel, cf_rel, bs_rel, ar_rel) AS TABLE
WITH inc AS (
  SELECT * FROM query_table(inc_rel)
),
cf AS (
  SELECT * FROM query_table(cf_rel)
),
bs AS (
  SELECT * FROM query_table(bs_rel)
),
ar AS (
  SELECT period, facts FROM query_table(ar_rel)
),
extra AS (
  SELECT period,
    coalesce(facts['us-gaap:PaymentsToAcquireBusinessesNetOfCashAcquired'], facts['us-gaap:PaymentsToAcquireBusinessesGross'], 0) AS acquisitions,
    coalesce(facts['us-gaap:RepaymentsOfLongTermDebt'], facts['us-gaap:RepaymentsOfDebt'], 0) AS debt_repaid,
    coalesce(facts['us-gaap:ContractWithCustomerLiabilityCurrent'], facts['us-gaap:DeferredRevenueCurrent']) AS deferred_revenue
  FROM ar
),
latest AS (
  SELECT * FROM inc ORDER BY period DESC LIMIT 1
),
oldest AS (
  SELECT * FROM inc ORDER BY period ASC LIMIT 1
),
sums AS (
  SELECT count(*)::INTEGER AS years, min(cf.fiscalYear) AS first_year, max(cf.fiscalYear) AS last_year,
    sum(capitalExpenditure) AS capex, sum(depreciationAmortization) AS da, sum(operatingCashFlow) AS ocf,
    sum(coalesce(dividendsPaid, 0)) AS dividends, sum(coalesce(shareRepurchases, 0)) AS repurchases,
    sum(coalesce(e.acquisitions, 0)) AS acquisitions, sum(coalesce(e.debt_repaid, 0)) AS debt_repaid
  FROM cf LEFT JOIN extra e USING (period)
),
sic AS (
  SELECT try_cast(any_value(sic) AS INTEGER) AS sic FROM entity_index WHERE cik = p_cik
),
figures AS (
  SELECT l.period, l.fiscalYear AS fiscal_year, l.currency, l.revenue, l.costOfRevenue AS cost_of_revenue,
    l.grossProfit AS gross_profit, l.operatingIncome AS operating_income,
    l.researchAndDevelopment AS research_and_development, l.sellingGeneralAdministrative AS sga,
    (SELECT capitalExpenditure FROM cf WHERE cf.period = l.period) AS capex_latest,
    (SELECT depreciationAmortization FROM cf WHERE cf.period = l.period) AS da_latest,
    b.receivables, b.inventory, b.accountsPayable AS accounts_payable, b.propertyPlantEquipment AS ppe, b.totalAssets AS total_assets,
    (SELECT deferred_revenue FROM extra e WHERE e.period = l.period) AS deferred_revenue,
    s.*, sic.sic,
    o.operatingIncome / nullif(o.revenue, 0) AS oldest_operating_margin
  FROM latest l CROSS JOIN sums s CROSS JOIN sic CROSS JOIN oldest o
  LEFT JOIN bs b ON b.period = l.period
),
ratios AS (
  SELECT *,
    capex_latest / nullif(revenue, 0) AS capex_to_revenue,
    ppe / nullif(total_assets, 0) AS ppe_to_assets,
    capex / nullif(da, 0) AS capex_to_da,
    coalesce(gross_profit, revenue - cost_of_revenue) / nullif(revenue, 0) AS gross_margin,
    operating_income / nullif(revenue, 0) AS operating_margin,
    cost_of_revenue / nullif(revenue, 0) AS cost_to_revenue,
    sga / nullif(revenue, 0) AS sga_to_revenue,
    research_and_development / nullif(revenue, 0) AS rnd_to_revenue,
    receivables / nullif(revenue, 0) * 365 AS dso,
    coalesce(inventory, 0) / nullif(cost_of_revenue, 0) * 365 AS dio,
    coalesce(accounts_payable, 0) / nullif(cost_of_revenue, 0) * 365 AS dpo,
    coalesce(sic BETWEEN 4900 AND 4999, false) AS utility,
    dividends + repurchases AS returned,
    coalesce(capex, 0) + acquisitions AS reinvested
  FROM figures
),
decided AS (
  SELECT *,
    dso + coalesce(dio, 0) - coalesce(dpo, 0) AS cash_conversion_cycle,
    CASE
      WHEN utility AND ppe_to_assets >= 0.5 THEN 'regulated-asset-base'
      WHEN capex_to_revenue IS NULL AND ppe_to_assets IS NULL THEN 'unknown'
      WHEN capex_to_revenue >= 0.10 OR ppe_to_assets >= 0.40 THEN 'asset-heavy'
      WHEN coalesce(capex_to_revenue, 0) < 0.04 AND coalesce(ppe_to_assets, 0) < 0.15 THEN 'asset-light'
      ELSE 'moderate' END AS capital_intensity,
    CASE
      WHEN capex_to_da IS NULL THEN 'unknown'
      WHEN capex_to_da <= 1.1 THEN 'mostly-maintenance'
      WHEN capex_to_da <= 1.6 THEN 'balanced'
      ELSE 'mostly-growth' END AS maintenance_vs_growth,
    CASE
      WHEN utility THEN 'regulated'
      WHEN gross_margin IS NULL THEN 'unknown'
      WHEN gross_margin >= 0.55 THEN 'strong'
      WHEN gross_margin >= 0.25 THEN 'some'
      ELSE 'price-taker' END AS price_setting_power,
    CASE
      WHEN revenue IS NULL OR revenue <= 0 THEN 'unknown'
      WHEN deferred_revenue / revenue >= 0.25 THEN 'recurring'
      WHEN deferred_revenue / revenue >= 0.05 THEN 'hybrid'
      ELSE 'one-time' END AS revenue_model,
    CASE
      WHEN gross_margin >= 0.60 THEN 'high'
      WHEN gross_margin >= 0.30 THEN 'mid'
      WHEN gross_margin IS NOT NULL THEN 'low'
      WHEN operating_margin >= 0.25 THEN 'high'
      WHEN operating_margin >= 0.10 THEN 'mid'
      WHEN operating_margin IS NOT NULL THEN 'low'
      ELSE 'unknown' END AS marginal_margin,
    CASE
      WHEN ocf > 0 AND returned >= 0.6 * ocf AND returned > reinvested THEN 'capital-return'
      WHEN ocf > 0 AND reinvested >= 0.6 * ocf AND reinvested > returned THEN 'growth-first'
      WHEN operating_margin - oldest_operating_margin >= 0.02 THEN 'margin-first'
      ELSE 'balanced' END AS orientation
  FROM ratios
)
SELECT *,
  CASE
    WHEN receivables IS NULL OR revenue IS NULL OR revenue <= 0 THEN 'unknown'
    WHEN cash_conversion_cycle < -15 THEN 'negative'
    WHEN cash_conversion_cycle <= 15 THEN 'neutral'
    ELSE 'positive' END AS working_capital_profile
FROM decided;
