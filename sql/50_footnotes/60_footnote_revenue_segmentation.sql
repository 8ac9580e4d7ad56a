-- Grain: one row per revenue segmentation period of one company, newest first: the
-- /api/footnotes/revenue-segmentation resource. c: cik; period: 'annual' | 'quarter'; lim: NULL = all.
-- Revenue facts tagged with exactly one geographic axis (srt/us-gaap StatementGeographicalAxis or a filer's own
-- ...Geograph.../Region/Country axis) or one product axis (ProductOrServiceAxis or a filer's own). Per member the
-- first revenue concept of the list the filer tagged. Geographic members are classified by geo_members: countries
-- (ISO code, continent), US states, regions, residuals. A region that is a whole continent carries
-- explainedByCountries (the sum of that period's country leaves on the continent, present when there is at least one)
-- and other (value - explainedByCountries). product is flat: a parent (us-gaap:ProductMember) and its leaves both
-- appear, never summed. Quarterly: Q2/Q3 come from H1/9M less the earlier span when only the cumulative was tagged.
-- unit: the unit most values are in (USD, or the filer's reporting currency); values are served as filed.
-- as_of: DATE, only filings accepted on or before it and no FX rate published after it (point in time, beyond the
-- spec), NULL = everything ingested.
CREATE OR REPLACE MACRO footnote_revenue_segmentation(c, period, lim, as_of) AS TABLE
WITH rs_fields AS (
  SELECT * FROM (VALUES
    ('revenue', 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', 1),
    ('revenue', 'us-gaap:Revenues', 2),
    ('revenue', 'us-gaap:RevenueFromContractWithCustomerIncludingAssessedTax', 3),
    ('revenue', 'us-gaap:SalesRevenueNet', 4),
    ('revenue', 'us-gaap:RevenuesNetOfInterestExpense', 5),
    ('revenue', 'us-gaap:RegulatedAndUnregulatedOperatingRevenue', 6),
    ('revenue', 'us-gaap:SalesRevenueGoodsNet', 7),
    ('revenue', 'us-gaap:SalesRevenueServicesNet', 8)
  ) t(field, concept, pref)
),
rs_raw AS MATERIALIZED (
  SELECT *, CASE WHEN axis IN ('srt:StatementGeographicalAxis', 'us-gaap:StatementGeographicalAxis')
                   OR regexp_matches(axis, ':\w*(Geograph|Region|Countr)\w*Axis$') THEN 'geo' ELSE 'product' END AS section
  FROM footnote_facts(cik_bucket(c), c, as_of, (SELECT list(concept) FROM rs_fields), NULL)
  WHERE len(dims) = 1 AND period_start IS NOT NULL
    AND (axis IN ('srt:StatementGeographicalAxis', 'us-gaap:StatementGeographicalAxis', 'srt:ProductOrServiceAxis', 'us-gaap:ProductOrServiceAxis')
         OR regexp_matches(axis, ':\w*(Geograph|Region|Countr|ProductOrService|ProductsAndServices|ProductLine)\w*Axis$'))
),
rs_all AS MATERIALIZED (
  SELECT * FROM rs_raw
  UNION ALL BY NAME
  SELECT q.*, r.section FROM footnote_quarter_synth('rs_raw') q JOIN (SELECT DISTINCT dim_key, section FROM rs_raw) r USING (dim_key)
),
rs_series AS MATERIALIZED (
  SELECT * FROM footnote_series('rs_all')
),
rs_periods AS MATERIALIZED (
  SELECT * FROM footnote_periods('rs_series', period, lim)
),
rs_picked AS MATERIALIZED (
  SELECT s.* FROM footnote_pick('rs_series', 'original', as_of := as_of) s
  SEMI JOIN rs_periods p USING (series, period_end, fiscal_period)
),
rs_vals AS MATERIALIZED (
  SELECT v.*, s.section
  FROM footnote_fields('rs_picked', 'rs_fields') v
  JOIN (SELECT DISTINCT dim_key, section FROM rs_raw) s USING (dim_key)
),
rs_geo_members AS (
  SELECT member FROM rs_vals WHERE section = 'geo'
),
rs_geo AS MATERIALIZED (
  SELECT v.period_end, v.fiscal_period, v.member, v.value, g.kind, g.code, g.name, g.continent, g.rollup
  FROM rs_vals v JOIN geo_members('rs_geo_members') g USING (member)
  WHERE v.section = 'geo'
),
rs_continent_leaves AS (
  SELECT period_end, fiscal_period, continent, sum(value) AS explained
  FROM rs_geo WHERE kind = 'country' AND continent IS NOT NULL
  GROUP BY ALL
),
rs_geo_json AS (
  SELECT g.period_end, g.fiscal_period,
    coalesce(to_json(list(json_object('code', g.code, 'name', g.name, 'continent', g.continent, 'value', g.value)
                          ORDER BY g.value DESC, g.code) FILTER (WHERE g.kind = 'country')), '[]'::JSON) AS countries,
    coalesce(to_json(list(json_object('code', g.code, 'name', g.name, 'value', g.value)
                          ORDER BY g.value DESC, g.code) FILTER (WHERE g.kind = 'state')), '[]'::JSON) AS usStates,
    coalesce(to_json(list(json_merge_patch(
                            json_object('member', g.member, 'name', g.name, 'continent', g.continent, 'value', g.value),
                            coalesce(json_compact(json_object('explainedByCountries', CASE WHEN g.rollup THEN l.explained END,
                                                              'other', CASE WHEN g.rollup THEN g.value - l.explained END)), '{}'::JSON))
                          ORDER BY g.value DESC, g.member) FILTER (WHERE g.kind = 'region')), '[]'::JSON) AS regions,
    coalesce(to_json(list(json_object('member', g.member, 'name', g.name, 'value', g.value)
                          ORDER BY g.value DESC, g.member) FILTER (WHERE g.kind = 'residual')), '[]'::JSON) AS residuals
  FROM rs_geo g
  LEFT JOIN rs_continent_leaves l ON l.period_end = g.period_end AND l.fiscal_period = g.fiscal_period AND l.continent = g.continent
  GROUP BY ALL
),
rs_product_json AS (
  SELECT period_end, fiscal_period,
         to_json(list(json_object('member', member, 'name', member_name(member), 'value', value) ORDER BY value DESC, member)) AS product
  FROM rs_vals WHERE section = 'product'
  GROUP BY ALL
),
rs_units AS (
  SELECT period_end, fiscal_period, mode(unit) AS unit FROM rs_vals GROUP BY ALL
)
SELECT p.period, p.fiscalYear, p.fiscalPeriod, u.unit,
       json_object('countries', coalesce(g.countries, '[]'::JSON), 'usStates', coalesce(g.usStates, '[]'::JSON),
                   'regions', coalesce(g.regions, '[]'::JSON), 'residuals', coalesce(g.residuals, '[]'::JSON)) AS geography,
       coalesce(r.product, '[]'::JSON) AS product,
       p.dateFiled
FROM rs_periods p
LEFT JOIN rs_geo_json g USING (period_end, fiscal_period)
LEFT JOIN rs_product_json r USING (period_end, fiscal_period)
LEFT JOIN rs_units u USING (period_end, fiscal_period)
ORDER BY p.period_end DESC;
