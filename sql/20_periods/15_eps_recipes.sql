-- Grain: one row per (eps concept, numerator, denominator) way of recomputing a per-share figure; lower rank preferred.
-- Used where a quarter or trailing-twelve-month EPS is not filed and must come from its reconstructed parts.
CREATE OR REPLACE VIEW eps_recipes AS
SELECT * FROM (VALUES
  ('us-gaap:EarningsPerShareBasic', 'us-gaap:NetIncomeLossAvailableToCommonStockholdersBasic', 'us-gaap:WeightedAverageNumberOfSharesOutstandingBasic', 1),
  ('us-gaap:EarningsPerShareBasic', 'us-gaap:NetIncomeLoss', 'us-gaap:WeightedAverageNumberOfSharesOutstandingBasic', 2),
  ('us-gaap:EarningsPerShareDiluted', 'us-gaap:NetIncomeLossAvailableToCommonStockholdersDiluted', 'us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding', 1),
  ('us-gaap:EarningsPerShareDiluted', 'us-gaap:NetIncomeLossAvailableToCommonStockholdersBasic', 'us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding', 2),
  ('us-gaap:EarningsPerShareDiluted', 'us-gaap:NetIncomeLoss', 'us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding', 3),
  ('us-gaap:EarningsPerShareBasicAndDiluted', 'us-gaap:NetIncomeLossAvailableToCommonStockholdersBasic', 'us-gaap:WeightedAverageNumberOfShareOutstandingBasicAndDiluted', 1),
  ('us-gaap:EarningsPerShareBasicAndDiluted', 'us-gaap:NetIncomeLoss', 'us-gaap:WeightedAverageNumberOfShareOutstandingBasicAndDiluted', 2),
  ('us-gaap:EarningsPerShareBasicAndDiluted', 'us-gaap:NetIncomeLoss', 'us-gaap:WeightedAverageNumberOfSharesOutstandingBasic', 3),
  ('us-gaap:IncomeLossFromContinuingOperationsPerBasicShare', 'us-gaap:IncomeLossFromContinuingOperations', 'us-gaap:WeightedAverageNumberOfSharesOutstandingBasic', 1),
  ('us-gaap:IncomeLossFromContinuingOperationsPerDilutedShare', 'us-gaap:IncomeLossFromContinuingOperations', 'us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding', 1),
  ('ifrs-full:BasicEarningsLossPerShare', 'ifrs-full:ProfitLossAttributableToOrdinaryEquityHoldersOfParentEntity', 'ifrs-full:WeightedAverageShares', 1),
  ('ifrs-full:BasicEarningsLossPerShare', 'ifrs-full:ProfitLossAttributableToOwnersOfParent', 'ifrs-full:WeightedAverageShares', 2),
  ('ifrs-full:BasicEarningsLossPerShare', 'ifrs-full:ProfitLoss', 'ifrs-full:WeightedAverageShares', 3),
  ('ifrs-full:DilutedEarningsLossPerShare', 'ifrs-full:ProfitLossAttributableToOrdinaryEquityHoldersOfParentEntityIncludingDilutiveEffect', 'ifrs-full:AdjustedWeightedAverageShares', 1),
  ('ifrs-full:DilutedEarningsLossPerShare', 'ifrs-full:ProfitLossAttributableToOwnersOfParent', 'ifrs-full:AdjustedWeightedAverageShares', 2),
  ('ifrs-full:DilutedEarningsLossPerShare', 'ifrs-full:ProfitLoss', 'ifrs-full:AdjustedWeightedAverageShares', 3)
) AS t(eps_concept, numerator, denominator, rank);
