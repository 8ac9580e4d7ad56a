-- Grain: one row (the whole response) per company: the /api/footnotes/workforce-cost resource.
-- c: cik; period: 'annual' | 'quarter'; lim: NULL = all; currency: 'original', 'USD' or an ISO 4217 code.
-- periods: the undimensioned labor flows (labor and related expense, salaries and wages, direct labor, other labor,
-- defined-contribution cost), compensation accruals and workers' compensation liability (balances) and the employee
-- count, newest first, untagged fields omitted. perSegment: the labor flow tagged on one segment-axis or
-- consolidation-items member, with its role (segment / elimination / reconciling, by the member's name, as in
-- business_segment_values); subtotal members (the operating-segments total, "total" members) are excluded.
-- byExpenseCaption: employee compensation tagged on an income-statement caption axis (IncomeStatementLocationAxis or a
-- filer's ...ExpenseCaption/IncomeStatementLocation...Axis): sparse until the expense disaggregation rules apply.
-- fx: response-level, the spec's block (fx_block) over every monetary value served: rates applied, `unconverted`
-- where a currency could not be priced; under 'original' it names the as-reported currencies.
-- as_of: DATE, only filings accepted on or before it and no FX rate published after it (point in time, beyond the
-- spec), NULL = everything ingested.
CREATE OR REPLACE MACRO footnote_workforce_cost(c, period, lim, currency, as_of) AS TABLE
WITH wf_fields AS (
  SELECT * FROM (VALUES
    ('laborExpense', 'us-gaap:LaborAndRelatedExpense', 1),
    ('employeeCompensation', 'us-gaap:SalariesWagesAndOfficersCompensation', 1),
    ('employeeCompensation', 'us-gaap:SalariesAndWages', 2),
    ('employeeCompensation', 'us-gaap:EmployeeBenefitsAndShareBasedCompensation', 3),
    ('directLabor', 'us-gaap:CostDirectLabor', 1),
    ('otherLaborExpense', 'us-gaap:OtherLaborRelatedExpenses', 1),
    ('definedContributionPlanCost', 'us-gaap:DefinedContributionPlanCostRecognized', 1),
    ('definedContributionPlanCost', 'us-gaap:DefinedContributionPlanEmployerDiscretionaryContributionAmount', 2),
    ('accruedCompensation', 'us-gaap:EmployeeRelatedLiabilitiesCurrent', 1),
    ('accruedCompensation', 'us-gaap:EmployeeRelatedLiabilitiesCurrentAndNoncurrent', 2),
    ('accruedSalaries', 'us-gaap:AccruedSalariesCurrent', 1),
    ('accruedSalaries', 'us-gaap:AccruedSalariesCurrentAndNoncurrent', 2),
    ('accruedBonuses', 'us-gaap:AccruedBonusesCurrent', 1),
    ('accruedBonuses', 'us-gaap:AccruedBonusesCurrentAndNoncurrent', 2),
    ('accruedVacation', 'us-gaap:AccruedVacationCurrent', 1),
    ('accruedVacation', 'us-gaap:AccruedVacationCurrentAndNoncurrent', 2),
    ('accruedPayrollTaxes', 'us-gaap:AccruedPayrollTaxesCurrent', 1),
    ('accruedPayrollTaxes', 'us-gaap:AccruedPayrollTaxesCurrentAndNoncurrent', 2),
    ('accruedEmployeeBenefits', 'us-gaap:AccruedEmployeeBenefitsCurrent', 1),
    ('accruedEmployeeBenefits', 'us-gaap:AccruedEmployeeBenefitsCurrentAndNoncurrent', 2),
    ('workersCompensationLiability', 'us-gaap:WorkersCompensationLiabilityCurrentAndNoncurrent', 1),
    ('workersCompensationLiability', 'us-gaap:WorkersCompensationLiabilityCurrent', 2),
    ('numberOfEmployees', 'dei:EntityNumberOfEmployees', 1)
  ) t(field, concept, pref)
),
wf_raw AS MATERIALIZED (
  SELECT *,
         CASE WHEN len(dims) = 0 THEN 'total'
              WHEN axis IN ('us-gaap:IncomeStatementLocationAxis') OR regexp_matches(axis, ':\w*(IncomeStatementLocation|ExpenseCaption)\w*Axis$') THEN 'caption'
              ELSE 'segment' END AS scope
  FROM footnote_facts(cik_bucket(c), c, as_of, (SELECT list(DISTINCT concept) FROM wf_fields), NULL)
  WHERE len(dims) = 0
     OR (len(dims) = 1 AND (axis IN ('us-gaap:StatementBusinessSegmentsAxis', 'srt:ConsolidationItemsAxis', 'us-gaap:ConsolidationItemsAxis', 'us-gaap:IncomeStatementLocationAxis')
                            OR regexp_matches(axis, ':\w*(BusinessSegment|OperatingSegment|ReportableSegment|IncomeStatementLocation|ExpenseCaption)\w*Axis$')))
),
wf_all AS MATERIALIZED (
  SELECT * FROM wf_raw
  UNION ALL BY NAME
  SELECT q.*, CASE WHEN len(q.dims) = 0 THEN 'total' ELSE r.scope END AS scope
  FROM footnote_quarter_synth('wf_raw') q LEFT JOIN (SELECT DISTINCT dim_key, scope FROM wf_raw) r USING (dim_key)
),
wf_series AS MATERIALIZED (
  SELECT * FROM footnote_series('wf_all')
),
wf_total_series AS MATERIALIZED (
  SELECT * FROM wf_series WHERE scope = 'total'
),
wf_periods AS MATERIALIZED (
  SELECT * FROM footnote_periods('wf_total_series', period, lim)
),
wf_picked AS MATERIALIZED (
  SELECT * FROM footnote_pick('wf_series', footnote_currency_param(currency), as_of := as_of)
),
wf_vals AS MATERIALIZED (
  SELECT v.*, r.scope FROM footnote_fields('wf_picked', 'wf_fields') v JOIN (SELECT DISTINCT dim_key, scope FROM wf_raw) r USING (dim_key)
),
wf_period_json AS (
  SELECT p.period_end, p.fiscal_period,
         json_merge_patch(
           json_object('period', p.period, 'fiscalYear', p.fiscalYear, 'fiscalPeriod', p.fiscalPeriod,
                       'currency', footnote_currency(list(v.unit) FILTER (WHERE v.field <> 'numberOfEmployees')), 'dateFiled', p.dateFiled),
           coalesce(json_compact(json_object(
             'laborExpense', max(v.value) FILTER (WHERE v.field = 'laborExpense'),
             'employeeCompensation', max(v.value) FILTER (WHERE v.field = 'employeeCompensation'),
             'directLabor', max(v.value) FILTER (WHERE v.field = 'directLabor'),
             'otherLaborExpense', max(v.value) FILTER (WHERE v.field = 'otherLaborExpense'),
             'definedContributionPlanCost', max(v.value) FILTER (WHERE v.field = 'definedContributionPlanCost'),
             'accruedCompensation', max(v.value) FILTER (WHERE v.field = 'accruedCompensation'),
             'accruedSalaries', max(v.value) FILTER (WHERE v.field = 'accruedSalaries'),
             'accruedBonuses', max(v.value) FILTER (WHERE v.field = 'accruedBonuses'),
             'accruedVacation', max(v.value) FILTER (WHERE v.field = 'accruedVacation'),
             'accruedPayrollTaxes', max(v.value) FILTER (WHERE v.field = 'accruedPayrollTaxes'),
             'accruedEmployeeBenefits', max(v.value) FILTER (WHERE v.field = 'accruedEmployeeBenefits'),
             'workersCompensationLiability', max(v.value) FILTER (WHERE v.field = 'workersCompensationLiability'),
             'numberOfEmployees', max(v.value) FILTER (WHERE v.field = 'numberOfEmployees'))), '{}'::JSON)) AS j
  FROM wf_periods p
  LEFT JOIN wf_vals v ON v.scope = 'total' AND v.series = p.series AND v.period_end = p.period_end AND v.fiscal_period = p.fiscal_period
  GROUP BY p.period_end, p.fiscal_period, p.period, p.fiscalYear, p.fiscalPeriod, p.dateFiled
),
wf_members AS (
  -- one labor flow per member and period: labor and related expense first, else employee compensation
  SELECT v.scope, v.member, v.period_end, v.fiscal_period, any_value(v.series) AS series,
         arg_min(v.value, v.field <> 'laborExpense') AS value, arg_min(v.unit, v.field <> 'laborExpense') AS unit,
         max(v.date_filed) AS date_filed,
         CASE WHEN regexp_matches(v.member, '(?i)(reconcil|corporate|nonsegment|unallocated)') THEN 'reconciling'
              WHEN regexp_matches(v.member, '(?i)eliminat') THEN 'elimination'
              WHEN regexp_matches(v.member, '(?i)(total|AllReportableSegments|OperatingSegmentsMember$|ReportableSegmentsMember$)') THEN 'subtotal'
              ELSE 'segment' END AS role
  FROM wf_vals v
  SEMI JOIN wf_periods p ON p.series = v.series AND p.period_end = v.period_end AND p.fiscal_period = v.fiscal_period
  WHERE v.scope IN ('segment', 'caption') AND v.field IN ('laborExpense', 'employeeCompensation')
  GROUP BY v.scope, v.member, v.period_end, v.fiscal_period
),
wf_member_json AS (
  SELECT m.scope, m.member, any_value(m.role) AS role, max(m.value) FILTER (WHERE m.period_end = (SELECT max(period_end) FROM wf_members)) AS latest,
         to_json(list(json_object('period', p.period, 'fiscalYear', p.fiscalYear, 'fiscalPeriod', p.fiscalPeriod, 'value', m.value,
                                  'currency', footnote_currency([m.unit]), 'dateFiled', strftime(m.date_filed, '%Y-%m-%d'))
                      ORDER BY m.period_end DESC)) AS history
  FROM wf_members m JOIN wf_periods p USING (series, period_end, fiscal_period)
  WHERE m.role <> 'subtotal'
  GROUP BY m.scope, m.member
),
wf_fx_entries AS (
  -- one response-level block over every monetary value of the served periods; none served = an empty list, for
  -- which fx_block answers NULL (a NULL list would give a block of NULLs)
  SELECT list(fx_entry(k.concept, k.fx_currency, k.fx_method, k.fx_rate, k.fx_effective_date, k.period_start, k.period_end, k.fx_converted)) AS entries
  FROM wf_picked k
  SEMI JOIN wf_periods p ON p.series = k.series AND p.period_end = k.period_end AND p.fiscal_period = k.fiscal_period
  SEMI JOIN wf_vals v ON v.series = k.series AND v.period_end = k.period_end AND v.fiscal_period = k.fiscal_period
                     AND v.dim_key = k.dim_key AND v.concept = k.concept
  WHERE k.fx_currency IS NOT NULL
),
wf_fx AS (
  SELECT fx_block(footnote_currency_param(currency), coalesce(entries, [])) AS fx FROM wf_fx_entries
)
SELECT coalesce((SELECT to_json(list(j ORDER BY period_end DESC)) FROM wf_period_json), '[]'::JSON) AS periods,
       coalesce((SELECT to_json(list(json_object('member', member, 'name', member_name(member), 'role', role, 'history', history)
                                     ORDER BY latest DESC NULLS LAST, member))
                 FROM wf_member_json WHERE scope = 'segment'), '[]'::JSON) AS perSegment,
       coalesce((SELECT to_json(list(json_object('member', member, 'name', member_name(member), 'history', history)
                                     ORDER BY latest DESC NULLS LAST, member))
                 FROM wf_member_json WHERE scope = 'caption'), '[]'::JSON) AS byExpenseCaption,
       (SELECT fx FROM wf_fx) AS fx;
