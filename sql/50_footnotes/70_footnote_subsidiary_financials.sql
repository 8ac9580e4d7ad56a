-- Grain: one row per subsidiary financials period of one company, newest first: the /api/footnotes/subsidiary-financials
-- resource. c: cik; period: 'annual' | 'quarter'; lim: NULL = all; currency: 'original', 'USD' or an ISO 4217 code
-- (converted by footnote_pick, the fx block per period as on the Footnotes I endpoints).
-- One entry per member of a legal-entity or consolidated-entity axis (dei:LegalEntityAxis, srt/us-gaap
-- ConsolidatedEntitiesAxis, a filer's own ...LegalEntity/ConsolidatedEntit/Subsidiar...Axis) tagged alone: the
-- registrants of a multi-registrant filing, the parent-company member, elimination members, all served as filed.
-- Nothing is summed and the undimensioned (consolidated) figures are not served here. Fields are omitted when
-- untagged (json_compact); sorted by revenue, then assets, descending. Periods are those with any entity fact.
-- as_of: DATE, only filings accepted on or before it and no FX rate published after it (point in time, beyond the
-- spec), NULL = everything ingested.
CREATE OR REPLACE MACRO footnote_subsidiary_financials(c, period, lim, currency, as_of) AS TABLE
WITH sub_fields AS (
  SELECT * FROM (VALUES
    ('revenue', 'us-gaap:Revenues', 1),
    ('revenue', 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', 2),
    ('revenue', 'us-gaap:RegulatedAndUnregulatedOperatingRevenue', 3),
    ('revenue', 'us-gaap:RevenueFromContractWithCustomerIncludingAssessedTax', 4),
    ('revenue', 'us-gaap:SalesRevenueNet', 5),
    ('operatingIncome', 'us-gaap:OperatingIncomeLoss', 1),
    ('netIncome', 'us-gaap:NetIncomeLoss', 1),
    ('netIncome', 'us-gaap:ProfitLoss', 2),
    ('incomeTax', 'us-gaap:IncomeTaxExpenseBenefit', 1),
    ('operatingCashFlow', 'us-gaap:NetCashProvidedByUsedInOperatingActivities', 1),
    ('operatingCashFlow', 'us-gaap:NetCashProvidedByUsedInOperatingActivitiesContinuingOperations', 2),
    ('assets', 'us-gaap:Assets', 1),
    ('liabilities', 'us-gaap:Liabilities', 1),
    ('equity', 'us-gaap:StockholdersEquity', 1),
    ('equity', 'us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest', 2),
    ('cash', 'us-gaap:CashAndCashEquivalentsAtCarryingValue', 1),
    ('cash', 'us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents', 2),
    ('longTermDebt', 'us-gaap:LongTermDebtNoncurrent', 1),
    ('longTermDebt', 'us-gaap:LongTermDebt', 2)
  ) t(field, concept, pref)
),
sub_raw AS MATERIALIZED (
  SELECT * FROM footnote_facts(cik_bucket(c), c, as_of, (SELECT list(DISTINCT concept) FROM sub_fields), NULL)
  WHERE len(dims) = 1
    AND (axis IN ('dei:LegalEntityAxis', 'srt:ConsolidatedEntitiesAxis', 'us-gaap:ConsolidatedEntitiesAxis')
         OR regexp_matches(axis, ':\w*(LegalEntit|ConsolidatedEntit|Subsidiar)\w*Axis$'))
),
sub_all AS MATERIALIZED (
  SELECT * FROM sub_raw UNION ALL BY NAME SELECT * FROM footnote_quarter_synth('sub_raw')
),
sub_series AS MATERIALIZED (
  SELECT * FROM footnote_series('sub_all')
),
sub_periods AS MATERIALIZED (
  SELECT * FROM footnote_periods('sub_series', period, lim)
),
sub_picked AS MATERIALIZED (
  SELECT s.* FROM footnote_pick('sub_series', footnote_currency_param(currency), as_of := as_of) s
  SEMI JOIN sub_periods p USING (series, period_end, fiscal_period)
),
sub_entries AS (
  SELECT period_end, fiscal_period, member,
         footnote_currency(list(unit)) AS entry_currency,
         max(value) FILTER (WHERE field = 'revenue') AS revenue,
         max(value) FILTER (WHERE field = 'operatingIncome') AS operatingIncome,
         max(value) FILTER (WHERE field = 'netIncome') AS netIncome,
         max(value) FILTER (WHERE field = 'incomeTax') AS incomeTax,
         max(value) FILTER (WHERE field = 'operatingCashFlow') AS operatingCashFlow,
         max(value) FILTER (WHERE field = 'assets') AS assets,
         max(value) FILTER (WHERE field = 'liabilities') AS liabilities,
         max(value) FILTER (WHERE field = 'equity') AS equity,
         max(value) FILTER (WHERE field = 'cash') AS cash,
         max(value) FILTER (WHERE field = 'longTermDebt') AS longTermDebt
  FROM footnote_fields('sub_picked', 'sub_fields')
  GROUP BY period_end, fiscal_period, member
),
sub_lists AS (
  SELECT period_end, fiscal_period,
         to_json(list(json_merge_patch(
           json_object('member', member, 'name', member_name(member), 'currency', entry_currency),
           coalesce(json_compact(json_object(
             'revenue', revenue, 'operatingIncome', operatingIncome, 'netIncome', netIncome, 'incomeTax', incomeTax,
             'operatingCashFlow', operatingCashFlow, 'assets', assets, 'liabilities', liabilities, 'equity', equity,
             'cash', cash, 'longTermDebt', longTermDebt)), '{}'::JSON))
           ORDER BY revenue DESC NULLS LAST, assets DESC NULLS LAST, member)) AS subsidiaries
  FROM sub_entries GROUP BY ALL
),
sub_fx AS (
  SELECT * FROM footnote_fx('sub_picked', footnote_currency_param(currency))
)
SELECT p.period, p.fiscalYear, p.fiscalPeriod, p.dateFiled,
       coalesce(l.subsidiaries, '[]'::JSON) AS subsidiaries, x.fx
FROM sub_periods p
LEFT JOIN sub_lists l USING (period_end, fiscal_period)
LEFT JOIN sub_fx x ON x.series = p.series AND x.period_end = p.period_end AND x.fiscal_period = p.fiscal_period
ORDER BY p.period_end DESC;
