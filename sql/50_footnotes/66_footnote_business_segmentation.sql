-- Grain: one row per business segmentation period of one company, newest first: the
-- /api/footnotes/business-segmentation resource. c: cik; period: 'annual' | 'quarter'; lim: NULL = all;
-- include_subtotals: subtotal rows (the operating-segments total, "total" members) are served only when true.
-- segments: one per (role, member) of business_segment_values, segments first then eliminations and reconciling items,
-- each by revenue descending; metrics hold only the fields the filer tagged (json_compact). unit: the unit most
-- values are in. Values are served as filed.
CREATE OR REPLACE MACRO footnote_business_segmentation(c, period, lim, include_subtotals, as_of) AS TABLE
WITH bs AS MATERIALIZED (
  SELECT * FROM business_segment_values(c, period, lim, as_of)
),
bs_periods AS (
  SELECT DISTINCT b.period_end, b.period, b.fiscalYear, b.fiscalPeriod, b.dateFiled FROM bs b
),
bs_entries AS (
  SELECT period_end, role, member,
         max(value) FILTER (WHERE field = 'revenue') AS revenue,
         json_compact(json_object(
           'revenue', max(value) FILTER (WHERE field = 'revenue'),
           'operatingIncome', max(value) FILTER (WHERE field = 'operatingIncome'),
           'grossProfit', max(value) FILTER (WHERE field = 'grossProfit'),
           'assets', max(value) FILTER (WHERE field = 'assets'),
           'goodwill', max(value) FILTER (WHERE field = 'goodwill'),
           'depreciationAmortization', max(value) FILTER (WHERE field = 'depreciationAmortization'),
           'capex', max(value) FILTER (WHERE field = 'capex'),
           'netIncome', max(value) FILTER (WHERE field = 'netIncome'))) AS metrics
  FROM bs
  WHERE role <> 'consolidated' AND (role <> 'subtotal' OR coalesce(include_subtotals, false))
  GROUP BY ALL
),
bs_lists AS (
  SELECT period_end,
         to_json(list(json_object('member', member, 'name', member_name(member), 'role', role, 'metrics', coalesce(metrics, '{}'::JSON))
                      ORDER BY CASE role WHEN 'segment' THEN 1 WHEN 'elimination' THEN 2 WHEN 'reconciling' THEN 3 ELSE 4 END,
                               revenue DESC NULLS LAST, member)) AS segments
  FROM bs_entries GROUP BY ALL
),
bs_units AS (
  SELECT period_end, mode(unit) AS unit FROM bs GROUP BY ALL
)
SELECT p.period, p.fiscalYear, p.fiscalPeriod, u.unit, coalesce(l.segments, '[]'::JSON) AS segments, p.dateFiled
FROM bs_periods p
LEFT JOIN bs_lists l USING (period_end)
LEFT JOIN bs_units u USING (period_end)
ORDER BY p.period_end DESC;
