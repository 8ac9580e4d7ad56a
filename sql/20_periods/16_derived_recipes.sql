-- Grain: one row per way of synthesizing a missing fact from two others of the same period and unit
-- (target = minuend - subtrahend); lower rank preferred. Synthesized facts are listed under `derived`, not `sources`.
CREATE OR REPLACE VIEW derived_recipes AS
SELECT * FROM (VALUES
  ('us-gaap:GrossProfit', 'us-gaap:Revenues', 'us-gaap:CostOfRevenue', 1),
  ('us-gaap:GrossProfit', 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', 'us-gaap:CostOfRevenue', 2),
  ('us-gaap:GrossProfit', 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', 'us-gaap:CostOfGoodsAndServicesSold', 3),
  ('us-gaap:GrossProfit', 'us-gaap:Revenues', 'us-gaap:CostOfGoodsAndServicesSold', 4),
  ('us-gaap:GrossProfit', 'us-gaap:SalesRevenueNet', 'us-gaap:CostOfGoodsSold', 5),
  ('ifrs-full:GrossProfit', 'ifrs-full:Revenue', 'ifrs-full:CostOfSales', 1)
) AS t(target, minuend, subtrahend, rank);
