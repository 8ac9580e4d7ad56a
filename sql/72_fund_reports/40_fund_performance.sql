-- Grain: one row per (shareholder report, share class): the tailored shareholder report (N-CSR / N-CSRS, OEF
-- taxonomy) of each class, most recent period first. The spec's fund performance record.
-- expensesPaid: the report states the cost of a hypothetical $10,000 investment (oef:ExpensesPaidAmt); the spec
-- serves USD per $1,000 invested, so it is divided by 10. Rates are percent (fund_pct / fund_rate_pct).
-- Returns (oef:AvgAnnlRtrPct on the class with no index axis) are told apart by their context's length: 1, 5 and 10
-- years (within a month); any other length is the since-inception return (the longest such). Net assets, advisory fees,
-- turnover and holdings count are fund (series) figures in most reports: the class's own fact when tagged, else its
-- series' (by the class context's series member, else the report's only series), else the report's undimensioned
-- one. Filters and as_of as in fund_fees.
CREATE OR REPLACE MACRO fund_performance(c, p_series_id, p_class_id, p_symbol, as_of) AS TABLE
WITH tsr AS (
  SELECT * FROM fund_class_facts(c) WHERE regexp_matches(upper(form), '^N-CSRS?(/A)?$')
),
classes AS (
  SELECT accession, class_member, any_value(class_id) AS class_id, any_value(series_member) AS series_member,
    upper(any_value(form)) AS form, max(period_end) AS period_end
  FROM tsr WHERE class_member IS NOT NULL
  GROUP BY accession, class_member
),
class_values AS (
  SELECT accession, class_member,
    arg_max(value, period_end) FILTER (WHERE name = 'ExpenseRatioPct') AS expense_ratio,
    arg_max(value, period_end) FILTER (WHERE name = 'ExpensesPaidAmt') AS expenses_paid_10k,
    arg_max(value, period_end) FILTER (WHERE name = 'AdvisoryFeesPaidAmt') AS advisory_fees,
    arg_max(value, period_end) FILTER (WHERE name = 'AssetsNet') AS net_assets,
    arg_max(value, period_end) FILTER (WHERE name IN ('InvestmentCompanyPortfolioTurnover', 'PortfolioTurnoverRate')) AS turnover,
    arg_max(value, period_end) FILTER (WHERE name = 'HoldingsCount') AS holdings
  FROM tsr WHERE class_member IS NOT NULL AND plain
  GROUP BY accession, class_member
),
fund_values AS (
  SELECT accession, series_member,
    arg_max(value, period_end) FILTER (WHERE name = 'AdvisoryFeesPaidAmt') AS advisory_fees,
    arg_max(value, period_end) FILTER (WHERE name = 'AssetsNet') AS net_assets,
    arg_max(value, period_end) FILTER (WHERE name IN ('InvestmentCompanyPortfolioTurnover', 'PortfolioTurnoverRate')) AS turnover,
    arg_max(value, period_end) FILTER (WHERE name = 'HoldingsCount') AS holdings
  FROM tsr WHERE class_member IS NULL AND plain
  GROUP BY accession, series_member
),
only_series AS (
  -- a report of one fund tags its statistics on that series while its class contexts name no series
  SELECT accession, any_value(series_member) AS series_member
  FROM fund_values WHERE series_member IS NOT NULL
  GROUP BY accession HAVING count(*) = 1
),
return_spans AS (
  SELECT accession, class_member, value, period_start,
    date_diff('day', period_start, period_end + 1) / 365.25 AS years
  FROM tsr
  WHERE class_member IS NOT NULL AND plain AND name = 'AvgAnnlRtrPct' AND period_start IS NOT NULL
),
returns AS (
  SELECT accession, class_member,
    max(value) FILTER (WHERE abs(years - 1) < 0.09) AS r1,
    max(value) FILTER (WHERE abs(years - 5) < 0.09) AS r5,
    max(value) FILTER (WHERE abs(years - 10) < 0.09) AS r10,
    arg_max(value, years) FILTER (WHERE abs(years - 1) >= 0.09 AND abs(years - 5) >= 0.09 AND abs(years - 10) >= 0.09) AS r_inception,
    arg_max(period_start, years) FILTER (WHERE abs(years - 1) >= 0.09 AND abs(years - 5) >= 0.09 AND abs(years - 10) >= 0.09) AS inception_start
  FROM return_spans
  GROUP BY accession, class_member
),
joined AS (
  SELECT k.*, d.filed_date, l.symbol, l.class_name,
    coalesce(fund_series_id(coalesce(k.series_member, o.series_member)), i.series_id) AS series_id, coalesce(l.inception_date, r.inception_start) AS inception_date,
    v.expense_ratio, v.expenses_paid_10k,
    coalesce(v.advisory_fees, s.advisory_fees, u.advisory_fees) AS advisory_fees,
    coalesce(v.net_assets, s.net_assets, u.net_assets) AS net_assets,
    coalesce(v.turnover, s.turnover, u.turnover) AS turnover,
    coalesce(v.holdings, s.holdings, u.holdings) AS holdings,
    r.r1, r.r5, r.r10, r.r_inception
  FROM classes k
  JOIN fund_filing_dates(c) d USING (accession)
  LEFT JOIN fund_class_labels(c) l USING (accession, class_member)
  LEFT JOIN class_values v USING (accession, class_member)
  LEFT JOIN returns r USING (accession, class_member)
  LEFT JOIN only_series o ON o.accession = k.accession
  LEFT JOIN fund_class_index i ON i.class_id = k.class_id
  LEFT JOIN fund_values s ON s.accession = k.accession AND s.series_member = coalesce(k.series_member, o.series_member)
  LEFT JOIN fund_values u ON u.accession = k.accession AND u.series_member IS NULL
)
SELECT
  strftime(period_end, '%Y-%m-%d') AS periodEndDate,
  form AS formType,
  strftime(filed_date, '%Y-%m-%d') AS filedDate,
  symbol,
  class_name AS shareClassName,
  fund_rate_pct(expense_ratio) AS expenseRatio,
  round(expenses_paid_10k / 10, 10)::DOUBLE AS expensesPaid,
  advisory_fees::DOUBLE AS advisoryFeesPaid,
  net_assets::DOUBLE AS netAssets,
  fund_pct(r1) AS return1yr,
  fund_pct(r5) AS return5yr,
  fund_pct(r10) AS return10yr,
  fund_pct(r_inception) AS returnSinceInception,
  strftime(inception_date, '%Y-%m-%d') AS inceptionDate,
  fund_pct(turnover) AS portfolioTurnoverRate,
  TRY_CAST(holdings AS INTEGER) AS holdingsCount
FROM joined
WHERE (as_of IS NULL OR filed_date <= as_of::DATE)
  AND fund_class_wanted(class_id, symbol, series_id, p_series_id, p_class_id, p_symbol)
ORDER BY period_end DESC, filed_date DESC, accession DESC, symbol NULLS LAST, class_member;
