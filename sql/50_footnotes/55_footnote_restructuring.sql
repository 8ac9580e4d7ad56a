-- Grain: one row: the /api/footnotes/restructuring resource of one company (series-major).
-- c: cik; lim: history points per series (NULL = all); currency: 'USD' | 'original'; as_of: DATE or NULL (point in
-- time: only filings accepted on or before it).
-- programs: members of a restructuring plan axis (us-gaap:RestructuringPlanAxis or a filer's own
-- ...RestructuringPlan...Axis); costTypes: members of us-gaap:RestructuringCostAndReserveAxis (components of the
-- programs: never sum the two). Facts tagged on that axis alone. Active first: series whose newest point is the
-- company's newest restructuring period, then by member. expectedCost / costToDate: the latest filed values.
-- history: newest first, FY points (annual flows, year-end reserve) and Q1..Q3 points (three-month flows,
-- quarter-end reserve); year-to-date spans are not points. Untagged fields are absent.
CREATE OR REPLACE MACRO footnote_restructuring(c, lim, currency, as_of) AS TABLE
WITH rs_fields AS (
  SELECT * FROM (VALUES
    ('charges', 'us-gaap:RestructuringCharges', 1),
    ('reserve', 'us-gaap:RestructuringReserve', 1),
    ('reserve', 'us-gaap:RestructuringReserveCurrent', 2),
    ('cashPayments', 'us-gaap:PaymentsForRestructuring', 1),
    ('cashPayments', 'us-gaap:RestructuringReserveSettledWithCash1', 2),
    ('costIncurred', 'us-gaap:RestructuringAndRelatedCostIncurredCost', 1),
    ('expectedCost', 'us-gaap:RestructuringAndRelatedCostExpectedCost1', 1),
    ('costToDate', 'us-gaap:RestructuringAndRelatedCostCostIncurredToDate1', 1)
  ) t(field, concept, pref)
),
rs_raw AS MATERIALIZED (
  SELECT *, CASE WHEN axis = 'us-gaap:RestructuringCostAndReserveAxis' THEN 'costType' ELSE 'program' END AS kind
  FROM footnote_facts(cik_bucket(c), c, as_of, (SELECT list(DISTINCT concept) FROM rs_fields), NULL)
  WHERE len(dims) = 1
    AND (axis = 'us-gaap:RestructuringCostAndReserveAxis' OR axis = 'us-gaap:RestructuringPlanAxis'
         OR regexp_matches(axis, ':\w*RestructuringPlan\w*Axis$'))
),
rs_latest AS (
  -- expected cost and cost to date: the newest filed value per member, whatever span it has
  SELECT member, concept, arg_max(value, (period_end, date_filed)) AS value, arg_max(unit, (period_end, date_filed)) AS unit
  FROM rs_raw
  WHERE concept IN ('us-gaap:RestructuringAndRelatedCostExpectedCost1', 'us-gaap:RestructuringAndRelatedCostCostIncurredToDate1')
  GROUP BY ALL
),
rs_series AS MATERIALIZED (
  SELECT * FROM footnote_series('rs_raw')
  WHERE (series = 'annual' AND fiscal_period = 'FY') OR (series = 'quarter' AND fiscal_period IN ('Q1', 'Q2', 'Q3'))
),
rs_picked AS MATERIALIZED (
  SELECT * FROM footnote_pick('rs_series', footnote_currency_param(currency), as_of := as_of)
),
rs_points AS (
  SELECT member, period_end, fiscal_period, max(fiscal_year) AS fiscal_year, max(date_filed) AS date_filed,
         footnote_currency(list(unit)) AS point_currency,
         max(value) FILTER (WHERE field = 'charges') AS charges,
         max(value) FILTER (WHERE field = 'reserve') AS reserve,
         max(value) FILTER (WHERE field = 'cashPayments') AS cashPayments,
         max(value) FILTER (WHERE field = 'costIncurred') AS costIncurred
  FROM (SELECT v.*, r.fiscal_year FROM footnote_fields('rs_picked', 'rs_fields') v
        JOIN (SELECT DISTINCT series, period_end, fiscal_period, dim_key, fiscal_year FROM rs_picked) r
          USING (series, period_end, fiscal_period, dim_key))
  WHERE field IN ('charges', 'reserve', 'cashPayments', 'costIncurred')
  GROUP BY member, period_end, fiscal_period
),
rs_ranked AS (
  SELECT *, row_number() OVER (PARTITION BY member ORDER BY period_end DESC, fiscal_period = 'FY') AS n FROM rs_points
),
rs_members AS (
  SELECT DISTINCT member, kind FROM rs_raw
),
rs_history AS (
  SELECT member, max(period_end) AS newest,
         -- currency and dateFiled are typed nullable: in the merge target, which keeps its nulls
         list(json_merge_patch(json_object('period', strftime(period_end, '%Y-%m-%d'), 'fiscalYear', fiscal_year::INTEGER,
                                           'fiscalPeriod', fiscal_period, 'currency', point_currency,
                                           'dateFiled', strftime(date_filed, '%Y-%m-%d')),
                               coalesce(json_compact(json_object('charges', charges, 'reserve', reserve,
                                 'cashPayments', cashPayments, 'costIncurred', costIncurred)), '{}'::JSON))
              ORDER BY period_end DESC, fiscal_period = 'FY') AS history
  FROM rs_ranked WHERE lim IS NULL OR n <= lim
  GROUP BY member
),
rs_units AS (
  SELECT member, list(unit) AS units FROM rs_picked GROUP BY ALL
),
rs_series_json AS (
  SELECT m.member, m.kind, h.newest,
         json_merge_patch(
           json_object('member', m.member, 'name', member_name(m.member),
                       'currency', footnote_currency(coalesce(u.units, []) || list_filter([e.unit, d.unit], un -> un IS NOT NULL))),
           coalesce(json_compact(json_object('expectedCost', e.value, 'costToDate', d.value)), '{}'::JSON),
           json_object('history', coalesce(to_json(h.history), '[]'::JSON))) AS j
  FROM rs_members m
  LEFT JOIN rs_history h USING (member)
  LEFT JOIN rs_units u USING (member)
  LEFT JOIN rs_latest e ON e.member = m.member AND e.concept = 'us-gaap:RestructuringAndRelatedCostExpectedCost1'
  LEFT JOIN rs_latest d ON d.member = m.member AND d.concept = 'us-gaap:RestructuringAndRelatedCostCostIncurredToDate1'
),
rs_newest AS (
  SELECT max(newest) AS newest FROM rs_series_json
),
rs_fx AS (
  -- one response-level block over every point served
  SELECT any_value(fx) AS fx FROM footnote_fx('rs_picked', footnote_currency_param(currency))
)
SELECT coalesce(to_json(list(s.j ORDER BY s.newest IS NOT DISTINCT FROM n.newest DESC, s.member) FILTER (WHERE s.kind = 'program')), '[]'::JSON) AS programs,
       coalesce(to_json(list(s.j ORDER BY s.newest IS NOT DISTINCT FROM n.newest DESC, s.member) FILTER (WHERE s.kind = 'costType')), '[]'::JSON) AS costTypes,
       any_value(x.fx) AS fx
FROM (SELECT 1) one
LEFT JOIN rs_series_json s ON true
CROSS JOIN rs_newest n
CROSS JOIN rs_fx x;
