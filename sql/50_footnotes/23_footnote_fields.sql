-- Grain: one row per (cik, series, period_end, fiscal_period, dim_key, field): a footnote field's value, taken from
-- the first concept of the field's list that the filer tagged (`field_map`: relation of field, concept, pref; lower pref
-- wins, e.g. NextTwelveMonths before NextRollingTwelveMonths). `picked` names a footnote_pick relation.
CREATE OR REPLACE MACRO footnote_fields(picked, field_map) AS TABLE
SELECT p.cik, p.series, p.period_end, p.fiscal_period, p.dim_key,
       any_value(p.axis) AS axis, any_value(p.member) AS member, any_value(p.dims) AS dims, f.field,
       arg_min(p.value, f.pref) AS value, arg_min(p.unit, f.pref) AS unit, arg_min(p.concept, f.pref) AS concept,
       arg_min(p.period_start, f.pref) AS period_start,
       max(p.date_filed) AS date_filed
FROM query_table(picked) p JOIN query_table(field_map) f USING (concept)
GROUP BY ALL;
