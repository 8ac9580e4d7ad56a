-- Grain: one row per (filing, share class): the fee table of a prospectus risk/return summary (rr taxonomy, and the
-- oef prospectus elements that succeed it, matched by local name), newest filing first. The spec's fund fee record.
-- Rates are percent (fractions as tagged x 100, see fund_rate_pct). netExpenseRatio is the tagged net expenses; a
-- filer that tags no waiver and no net line has no waiver, so its total (gross) is its net. feeWaiver keeps the sign
-- filed (negative: a reduction). A filing that is no effective prospectus (485APOS, N-1A: fund_pre_effective_form)
-- is left out: its fee table is proposed, not in force. Filters (fund_class_wanted): a class by p_class_id (EDGAR class id) or p_symbol
-- (its ticker), else every class of p_series_id, else every class of the registrant. as_of keeps filings dated on
-- or before it; a document's date is its filing date (EDGAR header or submissions index), else, for a document
-- ingested bare, its dei:DocumentPeriodEndDate (the filings row's report date), else the latest period it tags.
CREATE OR REPLACE MACRO fund_fees(c, p_series_id, p_class_id, p_symbol, as_of) AS TABLE
WITH fee_facts AS MATERIALIZED (
  SELECT * FROM fund_class_facts(c)
  WHERE class_member IS NOT NULL AND plain AND NOT fund_pre_effective_form(form) AND name IN (
    'ManagementFeesOverAssets', 'DistributionAndService12b1FeesOverAssets', 'OtherExpensesOverAssets',
    'AcquiredFundFeesAndExpensesOverAssets', 'ExpensesOverAssets', 'FeeWaiverOrReimbursementOverAssets',
    'NetExpensesOverAssets', 'MaximumSalesChargeImposedOnPurchasesOverOfferingPrice',
    'MaximumDeferredSalesChargeOverOfferingPrice', 'MaximumDeferredSalesChargeOverOther', 'RedemptionFeeOverRedemption')
),
per_class AS (
  SELECT accession, class_member, any_value(class_id) AS class_id, fund_series_id(any_value(series_member)) AS series_member_id,
    max(value) FILTER (WHERE name = 'ManagementFeesOverAssets') AS management_fee,
    max(value) FILTER (WHERE name = 'DistributionAndService12b1FeesOverAssets') AS distribution_12b1_fee,
    max(value) FILTER (WHERE name = 'OtherExpensesOverAssets') AS other_expenses,
    max(value) FILTER (WHERE name = 'AcquiredFundFeesAndExpensesOverAssets') AS acquired_fund_fees,
    max(value) FILTER (WHERE name = 'ExpensesOverAssets') AS total_expense_ratio,
    max(value) FILTER (WHERE name = 'FeeWaiverOrReimbursementOverAssets') AS fee_waiver,
    max(value) FILTER (WHERE name = 'NetExpensesOverAssets') AS net_expense_ratio,
    max(value) FILTER (WHERE name = 'MaximumSalesChargeImposedOnPurchasesOverOfferingPrice') AS max_sales_charge_purchase,
    -- the deferred charge is stated over the offering price or over another base (lower of cost or value)
    max(value) FILTER (WHERE name IN ('MaximumDeferredSalesChargeOverOfferingPrice', 'MaximumDeferredSalesChargeOverOther')) AS max_deferred_sales_charge,
    max(value) FILTER (WHERE name = 'RedemptionFeeOverRedemption') AS redemption_fee
  FROM fee_facts
  GROUP BY accession, class_member
),
dates AS (
  -- read from the facts already scanned, so the registrant's facts are read once
  SELECT f.accession, coalesce(min(f.filed), min(g.filed::DATE), max(g.report_date::DATE), max(f.period_end)) AS filed_date
  FROM fee_facts f
  LEFT JOIN (SELECT accession, filed, report_date FROM src_filings WHERE bucket = cik_bucket(c) AND cik = c) g USING (accession)
  GROUP BY f.accession
),
labelled AS (
  SELECT p.*, d.filed_date, l.symbol, coalesce(p.series_member_id, i.series_id) AS series_id
  FROM per_class p
  JOIN dates d USING (accession)
  LEFT JOIN fund_class_labels(c) l USING (accession, class_member)
  LEFT JOIN fund_class_index i ON i.class_id = p.class_id
)
SELECT
  strftime(filed_date, '%Y-%m-%d') AS filedDate,
  accession AS accessionNumber,
  symbol,
  fund_rate_pct(management_fee) AS managementFee,
  fund_rate_pct(distribution_12b1_fee) AS distribution12b1Fee,
  fund_rate_pct(other_expenses) AS otherExpenses,
  fund_rate_pct(acquired_fund_fees) AS acquiredFundFees,
  fund_rate_pct(total_expense_ratio) AS totalExpenseRatio,
  fund_rate_pct(fee_waiver) AS feeWaiver,
  fund_rate_pct(coalesce(net_expense_ratio, CASE WHEN fee_waiver IS NULL THEN total_expense_ratio END)) AS netExpenseRatio,
  fund_rate_pct(max_sales_charge_purchase) AS maxSalesChargePurchase,
  fund_rate_pct(max_deferred_sales_charge) AS maxDeferredSalesCharge,
  fund_rate_pct(redemption_fee) AS redemptionFee
FROM labelled
WHERE (as_of IS NULL OR filed_date <= as_of::DATE)
  AND fund_class_wanted(class_id, symbol, series_id, p_series_id, p_class_id, p_symbol)
ORDER BY filed_date DESC, accession DESC, symbol NULLS LAST, class_member;
