-- Grain: one row per supplier finance period of one company, newest first: the /api/footnotes/supplier-finance
-- resource (ASU 2022-04). c: cik; period: 'annual' | 'quarter'; lim: NULL = all; currency: 'USD' | 'original'.
-- as_of: DATE, only filings accepted on or before it (point in time, beyond the spec), NULL = everything ingested.
-- totals: the undimensioned facts (NULL when none); programs: one per member of the supplier finance program axis
-- (us-gaap:SupplierFinanceProgramAxis or a filer's own ...SupplierFinance...Axis) tagged alone, by name. totals and
-- programs overlap: never sum them. obligation / obligationCurrent are balances, additions / settlements period
-- flows. First-year adopters tag only part of the family: what is untagged is absent.
CREATE OR REPLACE MACRO footnote_supplier_finance(c, period, lim, currency, as_of) AS TABLE
WITH sf_fields AS (
  SELECT * FROM (VALUES
    ('obligation', 'us-gaap:SupplierFinanceProgramObligation', 1),
    ('obligationCurrent', 'us-gaap:SupplierFinanceProgramObligationCurrent', 1),
    ('additions', 'us-gaap:SupplierFinanceProgramObligationIncrease', 1),
    ('settlements', 'us-gaap:SupplierFinanceProgramObligationDecreaseSettlement', 1)
  ) t(field, concept, pref)
),
sf_raw AS MATERIALIZED (
  SELECT * FROM footnote_facts(cik_bucket(c), c, as_of, (SELECT list(concept) FROM sf_fields), NULL)
  WHERE len(dims) = 0
     OR (len(dims) = 1 AND (axis = 'us-gaap:SupplierFinanceProgramAxis' OR regexp_matches(axis, ':\w*SupplierFinance\w*Axis$')))
),
sf_series AS MATERIALIZED (
  SELECT * FROM footnote_series('sf_raw')
),
sf_periods AS MATERIALIZED (
  SELECT * FROM footnote_periods('sf_series', period, lim)
),
sf_picked AS MATERIALIZED (
  SELECT s.* FROM footnote_pick('sf_series', footnote_currency_param(currency), as_of := as_of) s
  SEMI JOIN sf_periods p USING (series, period_end, fiscal_period)
),
sf_entries AS (
  SELECT period_end, fiscal_period, member,
         footnote_currency(list(unit)) AS entry_currency,
         max(value) FILTER (WHERE field = 'obligation') AS obligation,
         max(value) FILTER (WHERE field = 'obligationCurrent') AS obligationCurrent,
         max(value) FILTER (WHERE field = 'additions') AS additions,
         max(value) FILTER (WHERE field = 'settlements') AS settlements
  FROM footnote_fields('sf_picked', 'sf_fields')
  GROUP BY period_end, fiscal_period, member
),
sf_json AS (
  SELECT period_end, fiscal_period, member, coalesce(obligation, obligationCurrent) AS size,
         json_merge_patch(
           CASE WHEN member IS NULL THEN json_object('currency', entry_currency)
                ELSE json_object('member', member, 'name', member_name(member), 'currency', entry_currency) END,
           coalesce(json_compact(json_object('obligation', obligation, 'obligationCurrent', obligationCurrent,
                                             'additions', additions, 'settlements', settlements)), '{}'::JSON)) AS j
  FROM sf_entries
),
sf_lists AS (
  SELECT period_end, fiscal_period,
         any_value(j) FILTER (WHERE member IS NULL) AS totals,
         coalesce(to_json(list(j ORDER BY size DESC NULLS LAST, member) FILTER (WHERE member IS NOT NULL)), '[]'::JSON) AS programs
  FROM sf_json GROUP BY ALL
),
sf_fx AS (
  SELECT * FROM footnote_fx('sf_picked', footnote_currency_param(currency))
)
SELECT p.period, p.fiscalYear, p.fiscalPeriod, p.dateFiled,
       l.totals, coalesce(l.programs, '[]'::JSON) AS programs, x.fx
FROM sf_periods p
LEFT JOIN sf_lists l USING (period_end, fiscal_period)
LEFT JOIN sf_fx x ON x.series = p.series AND x.period_end = p.period_end AND x.fiscal_period = p.fiscal_period
ORDER BY p.period_end DESC;
