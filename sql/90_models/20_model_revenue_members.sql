-- Grain: one row per company: its latest fiscal year's revenue by product/service member (`products`) and its operating
-- segments (`segments`), each a list of {name, revenue, operatingIncome} largest first; empty lists when not tagged.
-- What a model names as offerings, revenue streams and segments (from the footnote macros, not from text).
CREATE OR REPLACE MACRO model_revenue_members(p_cik) AS TABLE
WITH rev AS (
  SELECT product FROM footnote_revenue_segmentation(p_cik, 'annual', 1, NULL)
),
seg AS (
  SELECT segments FROM footnote_business_segmentation(p_cik, 'annual', 1, false, NULL)
),
products AS (
  SELECT coalesce(list({'name': p.name, 'revenue': p.value::DOUBLE, 'operatingIncome': NULL::DOUBLE} ORDER BY p.value DESC NULLS LAST, p.name), []) AS products
  FROM rev, unnest(from_json(rev.product, '[{"member":"VARCHAR","name":"VARCHAR","value":"DOUBLE"}]')) AS u(p)
),
segments AS (
  SELECT coalesce(list({'name': s.name, 'revenue': s.metrics.revenue, 'operatingIncome': s.metrics.operatingIncome}
    ORDER BY s.metrics.revenue DESC NULLS LAST, s.name), []) AS segments
  FROM seg, unnest(from_json(seg.segments, '[{"member":"VARCHAR","name":"VARCHAR","role":"VARCHAR","metrics":{"revenue":"DOUBLE","operatingIncome":"DOUBLE"}}]')) AS u(s)
  WHERE s.role = 'segment'
)
SELECT coalesce((SELECT products FROM products), []) AS products, coalesce((SELECT segments FROM segments), []) AS segments;
