-- Grain: one row per numeric fact of one registrant's fund documents (cik, accession, concept, period, dimensions),
-- with the share-class member and series member split out of the dimensions. `plain` is true when no other axis
-- qualifies the fact (no benchmark index, after-tax measure, risk or sector axis): the class's or series' own value.
-- `other_members` lists the members of those other axes (a return's period member is one: see fund_return_period).
CREATE OR REPLACE MACRO fund_class_facts(c) AS TABLE
WITH f AS (
  SELECT accession, form, filed, concept, fund_local_name(concept) AS name, unit, value, period_start, period_end,
    list_filter(dims, d -> fund_is_class_axis(d.axis)) AS class_dims,
    list_filter(dims, d -> fund_is_series_axis(d.axis)) AS series_dims,
    list_filter(dims, d -> NOT fund_is_class_axis(d.axis) AND NOT fund_is_series_axis(d.axis)) AS other_dims
  FROM facts_of(c)
  WHERE split_part(concept, ':', 1) IN ('rr', 'oef', 'us-gaap')
)
SELECT accession, form, filed, concept, name, unit, value, period_start, period_end,
  class_dims[1].member AS class_member, fund_class_id(class_dims[1].member) AS class_id,
  series_dims[1].member AS series_member, len(other_dims) = 0 AS plain,
  list_transform(other_dims, d -> d.member) AS other_members
FROM f;
