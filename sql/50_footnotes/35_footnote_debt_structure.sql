-- Grain: one row per debt-structure period of one company, newest first: the /api/footnotes/debt-structure resource.
-- c: cik; period: 'annual' | 'quarter'; lim: NULL = all; currency: 'USD' | 'original';
-- as_of: DATE, only filings accepted on or before it (point in time, beyond the spec), NULL = everything ingested.
-- instruments: one per tranche, i.e. member of a debt instrument axis (us-gaap:DebtInstrumentAxis or a filer's own
-- ...DebtInstrument...Axis), or such a member crossed with a debt type axis (its debtType: one tranche per pair);
-- sorted by faceAmount descending.
-- types: rollups tagged on a debt type axis alone (LongtermDebtTypeAxis, ShortTermDebtTypeAxis). The two are never
-- summed together. Facts carrying any other dimension (ranges, classes of stock, ...) are left out. Rates are
-- fractions of 1 (`normalized: true` when re-scaled from a whole percent), redemptionPrice a fraction of principal;
-- neither is converted. dueYear comes from the member name only (due_year), NULL when it has no year.
CREATE OR REPLACE MACRO footnote_debt_structure(c, period, lim, currency, as_of) AS TABLE
WITH debt_fields AS (
  SELECT * FROM (VALUES
    ('faceAmount', 'us-gaap:DebtInstrumentFaceAmount', 1),
    ('carryingAmount', 'us-gaap:DebtInstrumentCarryingAmount', 1),
    ('carryingAmount', 'us-gaap:LongTermDebt', 3),
    ('longTermDebt', 'us-gaap:LongTermDebt', 1),
    ('longTermDebt', 'us-gaap:LongTermDebtNoncurrent', 2),
    ('fairValue', 'us-gaap:DebtInstrumentFairValue', 1),
    ('fairValue', 'us-gaap:LongTermDebtFairValue', 2),
    ('unamortizedDiscount', 'us-gaap:DebtInstrumentUnamortizedDiscount', 1),
    ('unamortizedDiscount', 'us-gaap:DebtInstrumentUnamortizedDiscountPremiumAndDebtIssuanceCostsNet', 2),
    ('unamortizedDiscount', 'us-gaap:DebtInstrumentUnamortizedDiscountPremiumNet', 3),
    ('conversionPrice', 'us-gaap:DebtInstrumentConvertibleConversionPrice1', 1),
    ('statedRate', 'us-gaap:DebtInstrumentInterestRateStatedPercentage', 1),
    ('effectiveRate', 'us-gaap:DebtInstrumentInterestRateEffectivePercentage', 1),
    ('variableSpread', 'us-gaap:DebtInstrumentBasisSpreadOnVariableRate1', 1),
    ('weightedAverageRate', 'us-gaap:LongtermDebtWeightedAverageInterestRate', 1),
    ('weightedAverageRate', 'us-gaap:DebtWeightedAverageInterestRate', 2),
    ('weightedAverageRate', 'us-gaap:ShortTermDebtWeightedAverageInterestRate', 3),
    ('redemptionPrice', 'us-gaap:DebtInstrumentRedemptionPricePercentage', 1)
  ) t(field, concept, pref)
),
d_raw AS MATERIALIZED (
  SELECT *,
         list_filter(dims, d -> d.axis = 'us-gaap:DebtInstrumentAxis' OR regexp_matches(d.axis, ':\w*DebtInstrument\w*Axis$')) AS inst_dims,
         list_filter(dims, d -> d.axis IN ('us-gaap:LongtermDebtTypeAxis', 'us-gaap:ShortTermDebtTypeAxis')) AS type_dims
  FROM footnote_facts(cik_bucket(c), c, as_of, (SELECT list(DISTINCT concept) FROM debt_fields), NULL)
),
d_kept AS (
  -- an instrument (with or without its type) or a type alone; nothing else
  SELECT * EXCLUDE (inst_dims, type_dims),
         inst_dims[1].member AS inst_member, type_dims[1].member AS type_member
  FROM d_raw
  WHERE len(inst_dims) <= 1 AND len(type_dims) <= 1 AND len(inst_dims) + len(type_dims) = len(dims) AND len(dims) > 0
),
d_series AS MATERIALIZED (
  SELECT * FROM footnote_series('d_kept')
),
d_periods AS MATERIALIZED (
  SELECT * FROM footnote_periods('d_series', period, lim)
),
d_picked AS MATERIALIZED (
  SELECT s.* FROM footnote_pick('d_series', footnote_currency_param(currency), as_of := as_of) s
  SEMI JOIN d_periods p USING (series, period_end, fiscal_period)
),
d_tagged AS (
  SELECT f.*, p.inst_member, p.type_member
  FROM (SELECT cik, series, period_end, fiscal_period, dim_key, any_value(inst_member) AS inst_member,
               any_value(type_member) AS type_member FROM d_picked GROUP BY ALL) p
  JOIN footnote_fields('d_picked', 'debt_fields') f USING (cik, series, period_end, fiscal_period, dim_key)
),
d_vals AS (
  -- a tranche is an instrument member, or an instrument crossed with a debt type when the filer splits it by type;
  -- facts on the instrument alone join its one typed tranche when it has exactly one
  SELECT * EXCLUDE (type_member, sibling_types),
         CASE WHEN inst_member IS NOT NULL AND type_member IS NULL AND len(sibling_types) = 1 THEN sibling_types[1]
              ELSE type_member END AS type_member
  FROM (SELECT *, list_distinct(list(type_member) OVER (PARTITION BY period_end, fiscal_period, inst_member)) AS sibling_types
        FROM d_tagged)
),
d_entries AS (
  SELECT period_end, fiscal_period,
         inst_member IS NOT NULL AS is_instrument,
         coalesce(inst_member, type_member) AS member,
         type_member AS debt_type,
         footnote_currency(list(unit) FILTER (WHERE field IN ('faceAmount', 'carryingAmount', 'longTermDebt', 'fairValue', 'unamortizedDiscount', 'conversionPrice'))) AS entry_currency,
         bool_or((field IN ('statedRate', 'effectiveRate', 'variableSpread', 'weightedAverageRate') AND rate_is_whole_percent(value, 1))
              OR (field = 'redemptionPrice' AND rate_is_whole_percent(value, 3))) AS normalized,
         max(value) FILTER (WHERE field = 'faceAmount') AS faceAmount,
         max(value) FILTER (WHERE field = 'carryingAmount') AS carryingAmount,
         max(value) FILTER (WHERE field = 'longTermDebt') AS longTermDebt,
         max(value) FILTER (WHERE field = 'fairValue') AS fairValue,
         max(value) FILTER (WHERE field = 'unamortizedDiscount') AS unamortizedDiscount,
         max(value) FILTER (WHERE field = 'conversionPrice') AS conversionPrice,
         max(rate_fraction(value, 1)) FILTER (WHERE field = 'statedRate') AS statedRate,
         max(rate_fraction(value, 1)) FILTER (WHERE field = 'effectiveRate') AS effectiveRate,
         max(rate_fraction(value, 1)) FILTER (WHERE field = 'variableSpread') AS variableSpread,
         max(rate_fraction(value, 1)) FILTER (WHERE field = 'weightedAverageRate') AS weightedAverageRate,
         max(rate_fraction(value, 3)) FILTER (WHERE field = 'redemptionPrice') AS redemptionPrice
  FROM d_vals
  GROUP BY period_end, fiscal_period, is_instrument, coalesce(inst_member, type_member), type_member
),
d_json AS (
  SELECT period_end, fiscal_period, is_instrument, member, faceAmount,
         json_merge_patch(
           CASE WHEN is_instrument
             THEN json_object('member', member, 'name', member_name(member), 'debtType', debt_type,
                              'debtTypeName', member_name(debt_type), 'dueYear', due_year(member), 'currency', entry_currency)
             ELSE json_object('member', member, 'name', member_name(member), 'currency', entry_currency) END,
           coalesce(json_compact(json_object(
             'normalized', CASE WHEN normalized THEN true END,
             'faceAmount', faceAmount, 'carryingAmount', carryingAmount, 'longTermDebt', longTermDebt,
             'fairValue', fairValue, 'unamortizedDiscount', unamortizedDiscount, 'conversionPrice', conversionPrice,
             'statedRate', statedRate, 'effectiveRate', effectiveRate, 'variableSpread', variableSpread,
             'weightedAverageRate', weightedAverageRate, 'redemptionPrice', redemptionPrice)), '{}'::JSON)) AS j
  FROM d_entries
),
d_lists AS (
  SELECT period_end, fiscal_period,
         coalesce(to_json(list(j ORDER BY faceAmount DESC NULLS LAST, member) FILTER (WHERE is_instrument)), '[]'::JSON) AS instruments,
         coalesce(to_json(list(j ORDER BY faceAmount DESC NULLS LAST, member) FILTER (WHERE NOT is_instrument)), '[]'::JSON) AS types
  FROM d_json GROUP BY ALL
),
d_fx AS (
  SELECT * FROM footnote_fx('d_picked', footnote_currency_param(currency))
)
SELECT p.period, p.fiscalYear, p.fiscalPeriod, p.dateFiled,
       coalesce(l.instruments, '[]'::JSON) AS instruments, coalesce(l.types, '[]'::JSON) AS types, x.fx
FROM d_periods p
LEFT JOIN d_lists l USING (period_end, fiscal_period)
LEFT JOIN d_fx x ON x.series = p.series AND x.period_end = p.period_end AND x.fiscal_period = p.fiscal_period
ORDER BY p.period_end DESC;
