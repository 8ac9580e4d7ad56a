-- Grain: one row per (accession, share-class member) of one registrant's fund documents: the text facts tagged on
-- that class (fact_texts): its trading symbol, class name and performance inception date. A class named by member
-- (fil:ClassAMember) is known by these; one named by EDGAR id also gets its class id from the member.
CREATE OR REPLACE MACRO fund_class_labels(c) AS TABLE
WITH t AS (
  SELECT accession, fund_local_name(concept) AS name, value,
    list_filter(dims, d -> fund_is_class_axis(d.axis))[1].member AS class_member,
    len(list_filter(dims, d -> NOT fund_is_class_axis(d.axis) AND NOT fund_is_series_axis(d.axis))) = 0 AS plain
  FROM fact_texts_of(c)
)
SELECT accession, class_member, fund_class_id(class_member) AS class_id,
  nullif(upper(trim(max(value) FILTER (WHERE name = 'TradingSymbol'))), '') AS symbol,
  max(value) FILTER (WHERE name = 'ClassName') AS class_name,
  -- oef:PerfInceptionDate in shareholder reports, rr:AverageAnnualReturnInceptionDate in prospectuses
  min(TRY_CAST(value AS DATE)) FILTER (WHERE name IN ('PerfInceptionDate', 'AverageAnnualReturnInceptionDate')) AS inception_date
FROM t
WHERE class_member IS NOT NULL AND plain
GROUP BY accession, class_member;
