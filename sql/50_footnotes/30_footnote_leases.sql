-- Grain: one row per lease period (ASC 842) of one company, newest first: the /api/footnotes/leases resource.
-- c: cik; period: 'annual' | 'quarter'; lim: NULL = all; currency: 'USD' | 'original';
-- as_of: DATE, only filings accepted on or before it (point in time, beyond the spec), NULL = everything ingested.
-- Undimensioned facts only (the consolidated lessee disclosure). Each side (operating, finance) is NULL when nothing
-- was disclosed for it; inside a side, untagged fields are absent (json_compact). remainderOfYear (the rest of the
-- current fiscal year, mid-year filers) is never merged into year1. Payments are undiscounted as disclosed; the
-- discount rate is a fraction of 1 (re-scaled from a whole percent with `normalized: true`), never converted.
-- leaseNotYetCommenced: the filer's own amounts of leases signed but not commenced (extension concepts; a concept
-- naming both or neither side is the total), absent when none was disclosed.
CREATE OR REPLACE MACRO footnote_leases(c, period, lim, currency, as_of) AS TABLE
WITH lease_fields AS (
  SELECT * FROM (VALUES
    ('operating.rightOfUseAsset', 'us-gaap:OperatingLeaseRightOfUseAsset', 1),
    ('operating.liabilityCurrent', 'us-gaap:OperatingLeaseLiabilityCurrent', 1),
    ('operating.liabilityNoncurrent', 'us-gaap:OperatingLeaseLiabilityNoncurrent', 1),
    ('operating.liabilityTotal', 'us-gaap:OperatingLeaseLiability', 1),
    ('operating.discountRate', 'us-gaap:OperatingLeaseWeightedAverageDiscountRatePercent', 1),
    ('operating.remainderOfYear', 'us-gaap:LesseeOperatingLeaseLiabilityPaymentsRemainderOfFiscalYear', 1),
    ('operating.year1', 'us-gaap:LesseeOperatingLeaseLiabilityPaymentsDueNextTwelveMonths', 1),
    ('operating.year1', 'us-gaap:LesseeOperatingLeaseLiabilityPaymentsDueNextRollingTwelveMonths', 2),
    ('operating.year2', 'us-gaap:LesseeOperatingLeaseLiabilityPaymentsDueYearTwo', 1),
    ('operating.year2', 'us-gaap:LesseeOperatingLeaseLiabilityPaymentsDueInRollingYearTwo', 2),
    ('operating.year3', 'us-gaap:LesseeOperatingLeaseLiabilityPaymentsDueYearThree', 1),
    ('operating.year3', 'us-gaap:LesseeOperatingLeaseLiabilityPaymentsDueInRollingYearThree', 2),
    ('operating.year4', 'us-gaap:LesseeOperatingLeaseLiabilityPaymentsDueYearFour', 1),
    ('operating.year4', 'us-gaap:LesseeOperatingLeaseLiabilityPaymentsDueInRollingYearFour', 2),
    ('operating.year5', 'us-gaap:LesseeOperatingLeaseLiabilityPaymentsDueYearFive', 1),
    ('operating.year5', 'us-gaap:LesseeOperatingLeaseLiabilityPaymentsDueInRollingYearFive', 2),
    ('operating.thereafter', 'us-gaap:LesseeOperatingLeaseLiabilityPaymentsDueAfterYearFive', 1),
    ('operating.thereafter', 'us-gaap:LesseeOperatingLeaseLiabilityPaymentsDueAfterRollingYearFive', 2),
    ('operating.total', 'us-gaap:LesseeOperatingLeaseLiabilityPaymentsDue', 1),
    ('operating.discountExcess', 'us-gaap:LesseeOperatingLeaseLiabilityUndiscountedExcessAmount', 1),
    ('operating.costOperating', 'us-gaap:OperatingLeaseCost', 1),
    ('operating.costVariable', 'us-gaap:VariableLeaseCost', 1),
    ('operating.costShortTerm', 'us-gaap:ShortTermLeaseCost', 1),
    ('operating.costSublease', 'us-gaap:SubleaseIncome', 1),
    ('operating.cashPaid', 'us-gaap:OperatingLeasePayments', 1),
    ('finance.rightOfUseAsset', 'us-gaap:FinanceLeaseRightOfUseAsset', 1),
    ('finance.liabilityCurrent', 'us-gaap:FinanceLeaseLiabilityCurrent', 1),
    ('finance.liabilityNoncurrent', 'us-gaap:FinanceLeaseLiabilityNoncurrent', 1),
    ('finance.liabilityTotal', 'us-gaap:FinanceLeaseLiability', 1),
    ('finance.discountRate', 'us-gaap:FinanceLeaseWeightedAverageDiscountRatePercent', 1),
    ('finance.remainderOfYear', 'us-gaap:FinanceLeaseLiabilityPaymentsRemainderOfFiscalYear', 1),
    ('finance.year1', 'us-gaap:FinanceLeaseLiabilityPaymentsDueNextTwelveMonths', 1),
    ('finance.year1', 'us-gaap:FinanceLeaseLiabilityPaymentsDueInNextRollingTwelveMonths', 2),
    ('finance.year2', 'us-gaap:FinanceLeaseLiabilityPaymentsDueYearTwo', 1),
    ('finance.year2', 'us-gaap:FinanceLeaseLiabilityPaymentsDueInRollingYearTwo', 2),
    ('finance.year3', 'us-gaap:FinanceLeaseLiabilityPaymentsDueYearThree', 1),
    ('finance.year3', 'us-gaap:FinanceLeaseLiabilityPaymentsDueInRollingYearThree', 2),
    ('finance.year4', 'us-gaap:FinanceLeaseLiabilityPaymentsDueYearFour', 1),
    ('finance.year4', 'us-gaap:FinanceLeaseLiabilityPaymentsDueInRollingYearFour', 2),
    ('finance.year5', 'us-gaap:FinanceLeaseLiabilityPaymentsDueYearFive', 1),
    ('finance.year5', 'us-gaap:FinanceLeaseLiabilityPaymentsDueInRollingYearFive', 2),
    ('finance.thereafter', 'us-gaap:FinanceLeaseLiabilityPaymentsDueAfterYearFive', 1),
    ('finance.thereafter', 'us-gaap:FinanceLeaseLiabilityPaymentsDueAfterRollingYearFive', 2),
    ('finance.total', 'us-gaap:FinanceLeaseLiabilityPaymentsDue', 1),
    ('finance.discountExcess', 'us-gaap:FinanceLeaseLiabilityUndiscountedExcessAmount', 1),
    ('finance.costAmortization', 'us-gaap:FinanceLeaseRightOfUseAssetAmortization', 1),
    ('finance.costInterest', 'us-gaap:FinanceLeaseInterestExpense', 1),
    ('finance.principalPaid', 'us-gaap:FinanceLeasePrincipalPayments', 1),
    ('finance.interestPaid', 'us-gaap:FinanceLeaseInterestPaymentOnLiability', 1)
  ) t(field, concept, pref)
),
not_yet_commenced_pattern AS (
  SELECT '(?i):[A-Za-z]*NotYetCommenced[A-Za-z]*$' AS re
),
l_raw AS MATERIALIZED (
  SELECT * FROM footnote_facts(cik_bucket(c), c, as_of, (SELECT list(concept) FROM lease_fields),
                               (SELECT re FROM not_yet_commenced_pattern))
  WHERE dim_key = ''
),
not_yet_commenced AS (
  -- a total of leases signed but not commenced: monetary, not a maturity bucket or a term, not a commitment that
  -- merely includes them
  SELECT DISTINCT r.concept,
         CASE WHEN r.concept ILIKE '%Operating%' AND r.concept NOT ILIKE '%Finance%' THEN 'nyc.operating'
              WHEN r.concept ILIKE '%Finance%' AND r.concept NOT ILIKE '%Operating%' THEN 'nyc.finance'
              ELSE 'nyc.total' END AS field, 1 AS pref
  FROM l_raw r, not_yet_commenced_pattern p
  WHERE regexp_matches(r.concept, p.re) AND regexp_full_match(r.unit, '[A-Z]{3}')
    AND NOT regexp_matches(r.concept, '(?i)(Next|Year|After|Term|Rolling|Including)')
),
all_fields AS (
  SELECT * FROM lease_fields UNION ALL BY NAME SELECT * FROM not_yet_commenced
),
l_series AS MATERIALIZED (
  SELECT * FROM footnote_series('l_raw')
),
l_periods AS MATERIALIZED (
  SELECT * FROM footnote_periods('l_series', period, lim)
),
l_picked AS MATERIALIZED (
  SELECT s.* FROM footnote_pick('l_series', footnote_currency_param(currency), as_of := as_of) s
  SEMI JOIN l_periods p USING (series, period_end, fiscal_period)
  WHERE s.concept IN (SELECT concept FROM all_fields)
),
l_vals AS MATERIALIZED (
  SELECT *, split_part(field, '.', 1) AS side, split_part(field, '.', 2) AS name FROM footnote_fields('l_picked', 'all_fields')
),
sides AS (
  SELECT period_end, fiscal_period, side,
         footnote_currency(list(unit)) AS entry_currency,
         bool_or(name = 'discountRate' AND rate_is_whole_percent(value, 1)) AS normalized,
         max(value) FILTER (WHERE name = 'rightOfUseAsset') AS rightOfUseAsset,
         max(value) FILTER (WHERE name = 'liabilityCurrent') AS liabilityCurrent,
         max(value) FILTER (WHERE name = 'liabilityNoncurrent') AS liabilityNoncurrent,
         max(value) FILTER (WHERE name = 'liabilityTotal') AS liabilityTotal,
         max(rate_fraction(value, 1)) FILTER (WHERE name = 'discountRate') AS discountRate,
         json_compact(json_object(
           'remainderOfYear', max(value) FILTER (WHERE name = 'remainderOfYear'),
           'year1', max(value) FILTER (WHERE name = 'year1'),
           'year2', max(value) FILTER (WHERE name = 'year2'),
           'year3', max(value) FILTER (WHERE name = 'year3'),
           'year4', max(value) FILTER (WHERE name = 'year4'),
           'year5', max(value) FILTER (WHERE name = 'year5'),
           'thereafter', max(value) FILTER (WHERE name = 'thereafter'),
           'total', max(value) FILTER (WHERE name = 'total'),
           'discountExcess', max(value) FILTER (WHERE name = 'discountExcess'))) AS payments,
         json_compact(CASE WHEN side = 'operating' THEN json_object(
           'operating', max(value) FILTER (WHERE name = 'costOperating'),
           'variable', max(value) FILTER (WHERE name = 'costVariable'),
           'shortTerm', max(value) FILTER (WHERE name = 'costShortTerm'),
           'subleaseIncome', max(value) FILTER (WHERE name = 'costSublease'))
         ELSE json_object(
           'amortization', max(value) FILTER (WHERE name = 'costAmortization'),
           'interest', max(value) FILTER (WHERE name = 'costInterest')) END) AS cost,
         max(value) FILTER (WHERE name = 'cashPaid') AS cashPaid,
         max(value) FILTER (WHERE name = 'principalPaid') AS principalPaid,
         max(value) FILTER (WHERE name = 'interestPaid') AS interestPaid,
         max(value) FILTER (WHERE name = 'total') AS nyc_total,
         max(value) FILTER (WHERE name = 'operating') AS nyc_operating,
         max(value) FILTER (WHERE name = 'finance') AS nyc_finance
  FROM l_vals
  GROUP BY period_end, fiscal_period, side
),
side_json AS (
  SELECT period_end, fiscal_period, side,
         -- currency is typed nullable (mixed currencies, or no monetary value): present even when null
         CASE WHEN side = 'nyc' THEN json_merge_patch(json_object('currency', entry_currency), json_compact(json_object('total', nyc_total,
                                                              'operating', nyc_operating, 'finance', nyc_finance)))
         ELSE json_merge_patch(json_object('currency', entry_currency), json_compact(json_object(
           'normalized', CASE WHEN normalized THEN true END,
           'rightOfUseAsset', rightOfUseAsset, 'liabilityCurrent', liabilityCurrent,
           'liabilityNoncurrent', liabilityNoncurrent, 'liabilityTotal', liabilityTotal, 'discountRate', discountRate,
           'payments', payments, 'cost', cost, 'cashPaid', cashPaid,
           'principalPaid', principalPaid, 'interestPaid', interestPaid))) END AS j
  FROM sides
),
l_fx AS (
  SELECT * FROM footnote_fx('l_picked', footnote_currency_param(currency))
)
SELECT p.period, p.fiscalYear, p.fiscalPeriod, p.dateFiled,
       any_value(s.j) FILTER (WHERE s.side = 'operating') AS operating,
       any_value(s.j) FILTER (WHERE s.side = 'finance') AS finance,
       any_value(s.j) FILTER (WHERE s.side = 'nyc') AS leaseNotYetCommenced,
       any_value(x.fx) AS fx
FROM l_periods p
LEFT JOIN side_json s USING (period_end, fiscal_period)
LEFT JOIN l_fx x ON x.series = p.series AND x.period_end = p.period_end AND x.fiscal_period = p.fiscal_period
GROUP BY p.period, p.fiscalYear, p.fiscalPeriod, p.dateFiled, p.period_end
ORDER BY p.period_end DESC;
