-- Grain: one row (the whole response) per company: the /api/footnotes/concentration resource, series-major.
-- c: cik; lim: newest points per history (NULL = all); currency: 'original', 'USD' or an ISO 4217 code (counterparty
-- revenue converted by fx_convert_rows; shares never).
-- Shares (ConcentrationRiskPercentage1) are grouped by the stable categories of their type and benchmark members
-- (concentration_risk_type / concentration_benchmark), so renamed members continue one series; the filer's members are
-- listed in riskTypeMembers / benchmarkMembers. A counterparty is the member of any other axis on the fact
-- (MajorCustomersAxis first, else a filer's customer/vendor/geographic axis; the consolidation-items axis is context,
-- not a counterparty), named with member_name (the filer's member, no entity
-- resolution); shares tagged without one form the group's aggregate. Shares are fractions of 1, re-scaled from a whole
-- percent with normalized: true, never converted. revenue: the counterparty's revenue when tagged on its member alone.
-- Points: annual (FY) and quarterly spans; a 10-Q's year-to-date share stands for the quarter it ends (H1 -> Q2,
-- 9M -> Q3) unless that quarter was tagged on its own. Groups with named counterparties first; counterparties by
-- latest share descending.
-- as_of: DATE, only filings accepted on or before it and no FX rate published after it (point in time, beyond the
-- spec), NULL = everything ingested.
CREATE OR REPLACE MACRO footnote_concentration(c, lim, currency, as_of) AS TABLE
WITH cr_revenue_concepts AS (
  SELECT * FROM (VALUES
    ('us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', 1), ('us-gaap:Revenues', 2),
    ('us-gaap:RevenueFromContractWithCustomerIncludingAssessedTax', 3), ('us-gaap:SalesRevenueNet', 4)
  ) t(concept, pref)
),
cr_raw AS MATERIALIZED (
  SELECT *,
         list_filter(dims, d -> d.axis LIKE '%ConcentrationRiskByTypeAxis')[1].member AS type_m,
         list_filter(dims, d -> d.axis LIKE '%ConcentrationRiskByBenchmarkAxis')[1].member AS bench_m,
         coalesce(list_filter(dims, d -> d.axis LIKE '%MajorCustomers%')[1].member,
                  list_filter(dims, d -> d.axis NOT LIKE '%ConcentrationRisk%' AND d.axis NOT LIKE '%ConsolidationItemsAxis')[1].member) AS cp,
         CASE WHEN label = 'FY' OR (period_start IS NULL AND label = 'Q4' AND fiscal_year IS NOT NULL) THEN 'FY'
              WHEN label = 'H1' THEN 'Q2' WHEN label = '9M' THEN 'Q3' ELSE label END AS fp,
         CASE WHEN label IN ('H1', '9M') THEN 2 ELSE 1 END AS label_rank
  FROM footnote_facts(cik_bucket(c), c, as_of,
                      ['us-gaap:ConcentrationRiskPercentage1', 'us-gaap:ConcentrationRiskPercentage'] || (SELECT list(concept) FROM cr_revenue_concepts), NULL)
  WHERE label IS NOT NULL AND len(dims) BETWEEN 1 AND 5
    AND list_bool_or(list_transform(dims, d -> d.axis LIKE '%ConcentrationRisk%' OR d.axis LIKE '%MajorCustomers%'))
),
cr_shares AS (
  SELECT concentration_risk_type(type_m) AS risk_type, concentration_benchmark(bench_m) AS benchmark, cp,
         period_end, fp, arg_min(fiscal_year, label_rank) AS fiscal_year,
         arg_min(value, (label_rank, concept)) AS raw_share, max(date_filed) AS date_filed,
         list(DISTINCT type_m) FILTER (WHERE type_m IS NOT NULL) AS type_ms,
         list(DISTINCT bench_m) FILTER (WHERE bench_m IS NOT NULL) AS bench_ms
  FROM cr_raw
  WHERE concept LIKE 'us-gaap:ConcentrationRiskPercentage%' AND (type_m IS NOT NULL OR bench_m IS NOT NULL OR cp IS NOT NULL)
  GROUP BY ALL
),
cr_revenue_rows AS MATERIALIZED (
  SELECT r.*, k.pref FROM cr_raw r JOIN cr_revenue_concepts k USING (concept)
  WHERE len(r.dims) = 1 AND r.cp IS NOT NULL
),
cr_revenue_converted AS MATERIALIZED (
  SELECT * FROM fx_convert_rows('cr_revenue_rows', footnote_currency_param(currency), as_of)
),
cr_revenue AS (
  -- a counterparty's revenue: tagged on its member alone; filed in the requested currency first, else USD, then
  -- converted into the requested currency by the spec's rules (fx_convert_rows)
  SELECT r.cp, r.period_end, r.fp, r.value AS revenue, r.unit AS revenue_unit,
         r.fx_currency, r.fx_method, r.fx_rate, r.fx_effective_date, r.fx_converted, r.period_start AS revenue_start
  FROM cr_revenue_converted r
  QUALIFY row_number() OVER (PARTITION BY r.cp, r.period_end, r.fp
                             ORDER BY r.fx_original_unit <> footnote_currency_param(currency), r.fx_original_unit <> 'USD', r.label_rank, r.pref, r.fx_original_unit) = 1
),
cr_points AS (
  SELECT s.*, rv.revenue, rv.revenue_unit, rv.fx_currency, rv.fx_method, rv.fx_rate, rv.fx_effective_date, rv.fx_converted, rv.revenue_start,
         row_number() OVER (PARTITION BY s.risk_type, s.benchmark, s.cp ORDER BY s.period_end DESC) AS nth
  FROM cr_shares s
  LEFT JOIN cr_revenue rv ON s.cp IS NOT NULL AND rv.cp = s.cp AND rv.period_end = s.period_end AND rv.fp = s.fp
),
cr_series AS (
  SELECT risk_type, benchmark, cp,
         max(raw_share) FILTER (WHERE nth = 1) AS latest_share,
         list_sort(flatten(list(type_ms))) AS type_ms, list_sort(flatten(list(bench_ms))) AS bench_ms,
         to_json(list(json_merge_patch(
           json_object('period', strftime(period_end, '%Y-%m-%d'), 'fiscalYear', fiscal_year, 'fiscalPeriod', fp,
                       'share', rate_fraction(raw_share, 1), 'dateFiled', strftime(date_filed, '%Y-%m-%d')),
           coalesce(json_compact(json_object('normalized', CASE WHEN rate_is_whole_percent(raw_share, 1) THEN true END,
                                             'revenue', revenue, 'currency', CASE WHEN revenue IS NOT NULL THEN revenue_unit END)), '{}'::JSON))
           ORDER BY period_end DESC) FILTER (WHERE lim IS NULL OR nth <= lim)) AS history
  FROM cr_points GROUP BY ALL
),
cr_groups AS (
  SELECT risk_type, benchmark,
         list_sort(list_distinct(flatten(list(type_ms)))) AS type_ms, list_sort(list_distinct(flatten(list(bench_ms)))) AS bench_ms,
         count(cp) AS named,
         to_json(coalesce(list(json_object('member', cp, 'name', member_name(cp), 'history', history)
                               ORDER BY latest_share DESC NULLS LAST, cp) FILTER (WHERE cp IS NOT NULL), [])) AS counterparties,
         any_value(json_object('history', history)) FILTER (WHERE cp IS NULL) AS aggregate
  FROM cr_series GROUP BY ALL
),
cr_fx_entries AS (
  -- one response-level block over every counterparty revenue served; none served = an empty list, for which
  -- fx_block answers NULL (a NULL list would give a block of NULLs)
  SELECT list(fx_entry('revenue', fx_currency, fx_method, fx_rate, fx_effective_date, revenue_start, period_end, fx_converted)) AS entries
  FROM cr_points WHERE revenue IS NOT NULL AND (lim IS NULL OR nth <= lim)
),
cr_fx AS (
  SELECT fx_block(footnote_currency_param(currency), coalesce(entries, [])) AS fx FROM cr_fx_entries
)
SELECT coalesce((SELECT to_json(list(json_object('riskType', risk_type, 'benchmark', benchmark,
                                                 'riskTypeMembers', type_ms, 'benchmarkMembers', bench_ms,
                                                 'counterparties', counterparties, 'aggregate', aggregate)
                                     ORDER BY named > 0 DESC, risk_type NULLS LAST, benchmark NULLS LAST))
                 FROM cr_groups), '[]'::JSON) AS groups,
       (SELECT fx FROM cr_fx) AS fx;
