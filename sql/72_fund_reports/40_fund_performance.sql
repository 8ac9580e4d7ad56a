-- Grain: one row per (shareholder report, share class): the tailored shareholder report (N-CSR / N-CSRS, OEF
-- taxonomy) of each class, most recent period first. The spec's fund performance record.
-- expensesPaid: the report states the cost of a hypothetical $10,000 investment (oef:ExpensesPaidAmt); the spec
-- serves USD per $1,000 invested, so it is divided by 10. Rates are percent (fund_pct / fund_rate_pct).
-- Returns (oef:AvgAnnlRtrPct on the class with no axis but a period member's) are told apart by the period their
-- member names, else by their context's length (fund_return_period, 07_fund_return_periods.sql); of several
-- since-inception returns the longest span wins. Net assets, advisory fees,
-- turnover and holdings count are fund (series) figures in most reports: the class's own fact when tagged, else its
-- series' (by the class context's series member, else the report's only series), else the report's undimensioned
-- one. Filters and as_of as in fund_fees.
CREATE OR REPLACE MACRO fund_performance(c, p_series_id, p_class_id, p_symbol, as_of) AS TABLE
WITH tsr AS MATERIALIZED (
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
labels AS MATERIALIZED (SELECT * FROM fund_class_labels(c)),
rtr AS MATERIALIZED (
  SELECT row_number() OVER () AS id, accession, class_member, value, period_start, period_end, other_members,
    date_diff('day', period_start, period_end + 1) / 365.25 AS span
  FROM tsr
  WHERE class_member IS NOT NULL AND name = 'AvgAnnlRtrPct'
),
rtr_members AS (SELECT id, unnest(other_members) AS member FROM rtr),
member_periods AS (
  SELECT m.member, coalesce(fund_period_digits(m.key), max(w.years) FILTER (WHERE NOT w.since_inception AND (contains(m.key, w.word || 'year') OR contains(m.key, w.word || 'yr')))) AS years,
    coalesce(bool_or(w.since_inception AND contains(m.key, w.word)), false) AS since_inception
  FROM (SELECT DISTINCT member, fund_period_key(member) AS key FROM rtr_members) m
  CROSS JOIN fund_return_period_words w
  GROUP BY m.member, m.key
),
rtr_tagged AS (
  -- a member that names no period (a benchmark index, a sector) makes the fact not the class's own return
  SELECT r.id, max(p.years) AS member_years, bool_or(p.since_inception) AS member_inception,
    bool_or(p.years IS NULL AND NOT p.since_inception) AS other_axis
  FROM rtr_members r JOIN member_periods p USING (member)
  GROUP BY r.id
),
return_spans AS (
  SELECT r.accession, r.class_member, r.value, r.period_start, r.span, t.member_years IS NULL AND NOT coalesce(t.member_inception, false) AS by_span,
    fund_return_period(t.member_years, coalesce(t.member_inception, false), r.span, date_diff('day', l.inception_date, r.period_end + 1) / 365.25) AS period
  FROM rtr r LEFT JOIN rtr_tagged t USING (id)
  LEFT JOIN labels l USING (accession, class_member)
  WHERE NOT coalesce(t.other_axis, false)
),
returns AS (
  SELECT accession, class_member,
    max(value) FILTER (WHERE period = 1) AS r1,
    max(value) FILTER (WHERE period = 5) AS r5,
    max(value) FILTER (WHERE period = 10) AS r10,
    arg_max(value, coalesce(span, 0)) FILTER (WHERE period = 0) AS r_inception,
    -- a member-tagged return sits on the report year's context: its start is not the inception
    arg_max(period_start, span) FILTER (WHERE period = 0 AND by_span) AS inception_start
  FROM return_spans
  GROUP BY accession, class_member
),
dates AS (
  -- read from the facts already scanned, so the registrant's facts are read once
  SELECT t.accession, coalesce(min(t.filed), min(g.filed::DATE), max(g.report_date::DATE), max(t.period_end)) AS filed_date
  FROM tsr t
  LEFT JOIN (SELECT accession, filed, report_date FROM src_filings WHERE bucket = cik_bucket(c) AND cik = c) g USING (accession)
  GROUP BY t.accession
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
  JOIN dates d USING (accession)
  LEFT JOIN labels l USING (accession, class_member)
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
