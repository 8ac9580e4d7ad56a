-- Grain: one row per stock compensation period of one company, newest first: the /api/footnotes/stock-compensation
-- resource. c: cik; period: 'annual' | 'quarter'; lim: NULL = all; currency: 'USD' | 'original'.
-- as_of: DATE, only filings accepted on or before it (point in time, beyond the spec), NULL = everything ingested.
-- awards: one per member of an award type or plan axis (us-gaap:AwardTypeAxis, PlanNameAxis, the older
-- ShareBasedCompensationArrangementsByShareBasedPaymentAwardAxis, or a filer's own ...AwardType/PlanName/
-- ShareBasedPaymentAward...Axis) tagged alone, sorted by expense descending. planTotals: the undimensioned facts,
-- NULL when none; it overlaps the awards: never sum them. rollForward.reconciles: prior nonvested (the balance the day
-- before the flows start) + granted - vested - forfeited = nonvested within 0.5%, present only when every leg and the
-- prior balance are known; values are served as filed either way. Assumptions are fractions of 1; volatility is
-- re-scaled from a whole percent only above 3 (300%), the others above 1. Share counts are never converted.
CREATE OR REPLACE MACRO footnote_stock_compensation(c, period, lim, currency, as_of) AS TABLE
WITH sc_fields AS (
  SELECT * FROM (VALUES
    ('expense', 'us-gaap:ShareBasedCompensation', 1),
    ('expense', 'us-gaap:AllocatedShareBasedCompensationExpense', 2),
    ('expense', 'us-gaap:ShareBasedPaymentArrangementExpense', 3),
    ('unrecognizedCost', 'us-gaap:EmployeeServiceShareBasedCompensationNonvestedAwardsTotalCompensationCostNotYetRecognized', 1),
    ('unrecognizedCost', 'us-gaap:ShareBasedPaymentArrangementNonvestedAwardCostNotYetRecognizedAmount', 2),
    ('unrecognizedCost', 'us-gaap:EmployeeServiceShareBasedCompensationNonvestedAwardsTotalCompensationCostNotYetRecognizedShareBasedAwardsOtherThanOptions', 3),
    ('unrecognizedCost', 'us-gaap:EmployeeServiceShareBasedCompensationNonvestedAwardsTotalCompensationCostNotYetRecognizedStockOptions', 4),
    ('taxWithholdingPaid', 'us-gaap:PaymentsRelatedToTaxWithholdingForShareBasedCompensation', 1),
    ('granted.shares', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardEquityInstrumentsOtherThanOptionsGrantsInPeriod', 1),
    ('granted.wa', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardEquityInstrumentsOtherThanOptionsGrantsInPeriodWeightedAverageGrantDateFairValue', 1),
    ('vested.shares', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardEquityInstrumentsOtherThanOptionsVestedInPeriod', 1),
    ('vested.wa', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardEquityInstrumentsOtherThanOptionsVestedInPeriodWeightedAverageGrantDateFairValue', 1),
    ('vested.total', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardEquityInstrumentsOtherThanOptionsVestedInPeriodTotalFairValue', 1),
    ('vested.total', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardEquityInstrumentsOtherThanOptionsVestedInPeriodTotalFairValue1', 2),
    ('forfeited.shares', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardEquityInstrumentsOtherThanOptionsForfeitedInPeriod', 1),
    ('forfeited.wa', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardEquityInstrumentsOtherThanOptionsForfeituresWeightedAverageGrantDateFairValue', 1),
    ('forfeited.wa', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardEquityInstrumentsOtherThanOptionsForfeitedInPeriodWeightedAverageGrantDateFairValue', 2),
    ('nonvested.shares', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardEquityInstrumentsOtherThanOptionsNonvestedNumber', 1),
    ('nonvested.wa', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardEquityInstrumentsOtherThanOptionsNonvestedWeightedAverageGrantDateFairValue', 1),
    ('options.outstanding', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardOptionsOutstandingNumber', 1),
    ('options.waExercisePrice', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardOptionsOutstandingWeightedAverageExercisePrice', 1),
    ('options.exercisable', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardOptionsExercisableNumber', 1),
    ('options.granted', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardOptionsGrantsInPeriod', 1),
    ('options.granted', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardOptionsGrantsInPeriodGross', 2),
    ('options.waGrantDateFairValue', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardOptionsGrantsInPeriodWeightedAverageGrantDateFairValue', 1),
    ('options.waGrantExercisePrice', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardOptionsGrantsInPeriodWeightedAverageExercisePrice', 1),
    ('options.waGrantExercisePrice', 'us-gaap:ShareBasedCompensationArrangementsByShareBasedPaymentAwardOptionsGrantsInPeriodWeightedAverageExercisePrice', 2),
    ('options.exercised', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardOptionsExercisesInPeriod', 1),
    ('options.waExercisedPrice', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardOptionsExercisesInPeriodWeightedAverageExercisePrice', 1),
    ('options.waExercisedPrice', 'us-gaap:ShareBasedCompensationArrangementsByShareBasedPaymentAwardOptionsExercisesInPeriodWeightedAverageExercisePrice', 2),
    ('plan.sharesAvailableForGrant', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardNumberOfSharesAvailableForGrant', 1),
    ('plan.sharesAuthorized', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardNumberOfSharesAuthorized', 1),
    ('assumptions.volatility', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardFairValueAssumptionsExpectedVolatilityRate', 1),
    ('assumptions.volatility', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardFairValueAssumptionsWeightedAverageVolatilityRate', 2),
    ('assumptions.riskFreeRate', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardFairValueAssumptionsRiskFreeInterestRate', 1),
    ('assumptions.dividendYield', 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardFairValueAssumptionsExpectedDividendRate', 1)
  ) t(field, concept, pref)
),
sc_raw AS MATERIALIZED (
  SELECT * FROM footnote_facts(cik_bucket(c), c, as_of, (SELECT list(DISTINCT concept) FROM sc_fields), NULL)
  WHERE len(dims) = 0
     OR (len(dims) = 1 AND (axis IN ('us-gaap:AwardTypeAxis', 'us-gaap:PlanNameAxis', 'us-gaap:ShareBasedCompensationArrangementsByShareBasedPaymentAwardAxis')
                            OR regexp_matches(axis, ':\w*(AwardType|PlanName|ShareBasedPaymentAward)\w*Axis$')))
),
sc_series AS MATERIALIZED (
  SELECT * FROM footnote_series('sc_raw')
),
sc_periods AS MATERIALIZED (
  SELECT * FROM footnote_periods('sc_series', period, lim)
),
sc_picked AS MATERIALIZED (
  SELECT s.* FROM footnote_pick('sc_series', footnote_currency_param(currency), as_of := as_of) s
  SEMI JOIN sc_periods p USING (series, period_end, fiscal_period)
),
sc_vals AS MATERIALIZED (
  SELECT * FROM footnote_fields('sc_picked', 'sc_fields')
),
sc_entries AS (
  SELECT period_end, fiscal_period, member,
         footnote_currency(list(unit) FILTER (WHERE field IN ('expense', 'unrecognizedCost', 'taxWithholdingPaid', 'vested.total'))) AS entry_currency,
         bool_or((field = 'assumptions.volatility' AND rate_is_whole_percent(value, 3))
              OR (field IN ('assumptions.riskFreeRate', 'assumptions.dividendYield') AND rate_is_whole_percent(value, 1))) AS normalized,
         max(period_start) FILTER (WHERE field IN ('granted.shares', 'vested.shares', 'forfeited.shares')) AS flow_start,
         max(value) FILTER (WHERE field = 'expense') AS expense,
         max(value) FILTER (WHERE field = 'unrecognizedCost') AS unrecognizedCost,
         max(value) FILTER (WHERE field = 'taxWithholdingPaid') AS taxWithholdingPaid,
         max(value) FILTER (WHERE field = 'granted.shares') AS granted_shares,
         max(value) FILTER (WHERE field = 'granted.wa') AS granted_wa,
         max(value) FILTER (WHERE field = 'vested.shares') AS vested_shares,
         max(value) FILTER (WHERE field = 'vested.wa') AS vested_wa,
         max(value) FILTER (WHERE field = 'vested.total') AS vested_total,
         max(value) FILTER (WHERE field = 'forfeited.shares') AS forfeited_shares,
         max(value) FILTER (WHERE field = 'forfeited.wa') AS forfeited_wa,
         max(value) FILTER (WHERE field = 'nonvested.shares') AS nonvested_shares,
         max(value) FILTER (WHERE field = 'nonvested.wa') AS nonvested_wa,
         json_compact(json_object(
           'outstanding', max(value) FILTER (WHERE field = 'options.outstanding'),
           'waExercisePrice', max(value) FILTER (WHERE field = 'options.waExercisePrice'),
           'exercisable', max(value) FILTER (WHERE field = 'options.exercisable'),
           'granted', max(value) FILTER (WHERE field = 'options.granted'),
           'waGrantDateFairValue', max(value) FILTER (WHERE field = 'options.waGrantDateFairValue'),
           'waGrantExercisePrice', max(value) FILTER (WHERE field = 'options.waGrantExercisePrice'),
           'exercised', max(value) FILTER (WHERE field = 'options.exercised'),
           'waExercisedPrice', max(value) FILTER (WHERE field = 'options.waExercisedPrice'))) AS options,
         json_compact(json_object(
           'sharesAvailableForGrant', max(value) FILTER (WHERE field = 'plan.sharesAvailableForGrant'),
           'sharesAuthorized', max(value) FILTER (WHERE field = 'plan.sharesAuthorized'))) AS plan,
         json_compact(json_object(
           'volatility', max(rate_fraction(value, 3)) FILTER (WHERE field = 'assumptions.volatility'),
           'riskFreeRate', max(rate_fraction(value, 1)) FILTER (WHERE field = 'assumptions.riskFreeRate'),
           'dividendYield', max(rate_fraction(value, 1)) FILTER (WHERE field = 'assumptions.dividendYield'))) AS assumptions
  FROM sc_vals
  GROUP BY period_end, fiscal_period, member
),
sc_prior AS (
  -- the nonvested balance the day before the roll-forward's flows begin (the prior period's closing balance)
  SELECT member, period_end, value AS prior_nonvested
  FROM sc_raw
  WHERE concept = 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardEquityInstrumentsOtherThanOptionsNonvestedNumber' AND period_start IS NULL
),
sc_checked AS (
  SELECT e.*, p.prior_nonvested,
         CASE WHEN p.prior_nonvested IS NOT NULL AND e.granted_shares IS NOT NULL AND e.vested_shares IS NOT NULL
                   AND e.forfeited_shares IS NOT NULL AND e.nonvested_shares IS NOT NULL
              THEN abs(p.prior_nonvested + e.granted_shares - e.vested_shares - e.forfeited_shares - e.nonvested_shares)
                   <= 0.005 * abs(e.nonvested_shares) END AS reconciles
  FROM sc_entries e
  LEFT JOIN sc_prior p ON p.member IS NOT DISTINCT FROM e.member AND p.period_end = e.flow_start - 1
),
sc_json AS (
  SELECT period_end, fiscal_period, member, expense,
         json_merge_patch(
           CASE WHEN member IS NULL THEN json_object('currency', entry_currency)
                ELSE json_object('member', member, 'name', member_name(member), 'currency', entry_currency) END,
           coalesce(json_compact(json_object(
             'normalized', CASE WHEN normalized THEN true END,
             'expense', expense, 'unrecognizedCost', unrecognizedCost, 'taxWithholdingPaid', taxWithholdingPaid,
             'rollForward', json_compact(json_object(
               'granted', json_compact(json_object('shares', granted_shares, 'waGrantDateFairValue', granted_wa)),
               'vested', json_compact(json_object('shares', vested_shares, 'waGrantDateFairValue', vested_wa, 'totalFairValue', vested_total)),
               'forfeited', json_compact(json_object('shares', forfeited_shares, 'waGrantDateFairValue', forfeited_wa)),
               'nonvested', json_compact(json_object('shares', nonvested_shares, 'waGrantDateFairValue', nonvested_wa)),
               'reconciles', reconciles)),
             'options', options, 'plan', plan, 'assumptions', assumptions)), '{}'::JSON)) AS j
  FROM sc_checked
),
sc_lists AS (
  SELECT period_end, fiscal_period,
         any_value(j) FILTER (WHERE member IS NULL) AS planTotals,
         coalesce(to_json(list(j ORDER BY expense DESC NULLS LAST, member) FILTER (WHERE member IS NOT NULL)), '[]'::JSON) AS awards
  FROM sc_json GROUP BY ALL
),
sc_fx AS (
  SELECT * FROM footnote_fx('sc_picked', footnote_currency_param(currency))
)
SELECT p.period, p.fiscalYear, p.fiscalPeriod, p.dateFiled,
       coalesce(l.awards, '[]'::JSON) AS awards, l.planTotals, x.fx
FROM sc_periods p
LEFT JOIN sc_lists l USING (period_end, fiscal_period)
LEFT JOIN sc_fx x ON x.series = p.series AND x.period_end = p.period_end AND x.fiscal_period = p.fiscal_period
ORDER BY p.period_end DESC;
