-- Grain: at most one row per company: the /api/financials/scores resource, from its most recent fiscal year with an
-- annual filing (a year whose net income or revenue is stated; no row, hence a 400, when it has none) and the year
-- before it. Both years come from standard_values,
-- i.e. each as last stated, which for the prior year is the latest 10-K's own comparative (one restatement vintage).
-- Piotroski (one point per true criterion; a criterion whose inputs are missing scores false, the prior year's too when
-- the warehouse lacks the fiscal year just before the scored one: the details are booleans in the spec):
--   positiveNetIncome NI > 0; positiveOperatingCashFlow OCF > 0; risingRoa NI/assets up; cashFlowExceedsNetIncome
--   OCF > NI; decliningLeverage (short + long-term debt)/assets down, or still zero; risingCurrentRatio current
--   assets/current liabilities up; noShareDilution split-adjusted basic weighted shares not up; risingGrossMargin
--   gross profit/revenue up; risingAssetTurnover revenue/assets up.
-- Altman: Z = 1.2 WC/TA + 1.4 RE/TA + 3.3 EBIT/TA + 0.6 equity/liabilities + 1.0 revenue/TA, EBIT = operating income,
-- book equity (incl. noncontrolling interest) for market value; zones safe > 2.99, grey 1.81..2.99, distress < 1.81;
-- null with altmanMissing naming the inputs not filed.
CREATE OR REPLACE MACRO scores(c, as_of) AS TABLE
WITH sv AS MATERIALIZED (
  SELECT period_end, fiscal_year, fiscal_period, date_filed, line, value
  FROM standard_values(cik_bucket(c), c, as_of) WHERE series = 'annual'
),
shares AS (
  SELECT h.period AS share_period, h.sharesOutstanding AS shares FROM eps_history(c, 'annual', NULL, true, 'original', as_of) h
),
years AS (
  SELECT period_end, max(fiscal_year) AS fiscal_year, max(date_filed) AS date_filed,
         max(value) FILTER (WHERE line = 'revenue') AS revenue,
         max(value) FILTER (WHERE line = 'grossProfit') AS gross_profit,
         max(value) FILTER (WHERE line = 'operatingIncome') AS ebit,
         max(value) FILTER (WHERE line = 'netIncome') AS net_income,
         max(value) FILTER (WHERE line = 'operatingCashFlow') AS ocf,
         max(value) FILTER (WHERE line = 'totalAssets') AS assets,
         max(value) FILTER (WHERE line = 'currentAssets') AS current_assets,
         max(value) FILTER (WHERE line = 'currentLiabilities') AS current_liabilities,
         max(value) FILTER (WHERE line = 'totalLiabilities') AS liabilities,
         max(value) FILTER (WHERE line = 'retainedEarnings') AS retained_earnings,
         coalesce(max(value) FILTER (WHERE line = 'totalEquity'), max(value) FILTER (WHERE line = 'stockholdersEquity')) AS equity,
         coalesce(max(value) FILTER (WHERE line = 'shortTermDebt'), 0) + coalesce(max(value) FILTER (WHERE line = 'longTermDebt'), 0) AS debt
  FROM sv GROUP BY period_end
),
latest AS (
  -- a year of an annual report states its income (net income or revenue over the year); a fiscal year end known only
  -- from a 10-Q's comparative balance sheet is not one, and scoring it would score a year of balances alone
  SELECT y.*, s.shares, row_number() OVER (ORDER BY y.period_end DESC) AS age
  FROM years y LEFT JOIN shares s ON s.share_period = strftime(y.period_end, '%Y-%m-%d')
  WHERE y.net_income IS NOT NULL OR y.revenue IS NOT NULL
),
cur AS (SELECT * FROM latest WHERE age = 1),
-- the fiscal year just before it (adjacent_period), not the previous entry present: when the warehouse lacks that
-- year, the next older one is not "the prior year", and every year-over-year criterion is left without its inputs
prev AS (SELECT l.* FROM latest l JOIN cur ON adjacent_period('annual', l.period_end, cur.period_end) WHERE l.age = 2),
tests AS (
  SELECT cur.*,
         coalesce(cur.net_income > 0, false) AS positiveNetIncome,
         coalesce(cur.ocf > 0, false) AS positiveOperatingCashFlow,
         coalesce(cur.net_income / cur.assets > prev.net_income / prev.assets, false) AS risingRoa,
         coalesce(cur.ocf > cur.net_income, false) AS cashFlowExceedsNetIncome,
         coalesce(cur.debt / cur.assets < prev.debt / prev.assets OR (cur.debt = 0 AND prev.debt = 0), false) AS decliningLeverage,
         coalesce(cur.current_assets / cur.current_liabilities > prev.current_assets / prev.current_liabilities, false) AS risingCurrentRatio,
         coalesce(cur.shares <= prev.shares, false) AS noShareDilution,
         coalesce(cur.gross_profit / cur.revenue > prev.gross_profit / prev.revenue, false) AS risingGrossMargin,
         coalesce(cur.revenue / cur.assets > prev.revenue / prev.assets, false) AS risingAssetTurnover,
         list_filter([CASE WHEN cur.assets IS NULL OR cur.assets = 0 THEN 'totalAssets' END,
                      CASE WHEN cur.current_assets IS NULL THEN 'currentAssets' END,
                      CASE WHEN cur.current_liabilities IS NULL THEN 'currentLiabilities' END,
                      CASE WHEN cur.retained_earnings IS NULL THEN 'retainedEarnings' END,
                      CASE WHEN cur.ebit IS NULL THEN 'operatingIncome' END,
                      CASE WHEN cur.equity IS NULL THEN 'totalEquity' END,
                      CASE WHEN cur.liabilities IS NULL OR cur.liabilities = 0 THEN 'totalLiabilities' END,
                      CASE WHEN cur.revenue IS NULL THEN 'revenue' END], x -> x IS NOT NULL) AS missing
  FROM cur LEFT JOIN prev ON true
),
z AS (
  SELECT *, CASE WHEN len(missing) = 0 THEN
           1.2 * (current_assets - current_liabilities) / assets + 1.4 * retained_earnings / assets + 3.3 * ebit / assets
           + 0.6 * equity / liabilities + 1.0 * revenue / assets END AS altman
  FROM tests
)
SELECT strftime(period_end, '%Y-%m-%d') AS period, fiscal_year::INTEGER AS fiscalYear, 'FY' AS fiscalPeriod,
       strftime(date_filed, '%Y-%m-%d') AS dateFiled,
       (positiveNetIncome::INTEGER + positiveOperatingCashFlow::INTEGER + risingRoa::INTEGER + cashFlowExceedsNetIncome::INTEGER
        + decliningLeverage::INTEGER + risingCurrentRatio::INTEGER + noShareDilution::INTEGER + risingGrossMargin::INTEGER
        + risingAssetTurnover::INTEGER) AS piotroskiFScore,
       {positiveNetIncome: positiveNetIncome, positiveOperatingCashFlow: positiveOperatingCashFlow, risingRoa: risingRoa,
        cashFlowExceedsNetIncome: cashFlowExceedsNetIncome, decliningLeverage: decliningLeverage,
        risingCurrentRatio: risingCurrentRatio, noShareDilution: noShareDilution, risingGrossMargin: risingGrossMargin,
        risingAssetTurnover: risingAssetTurnover} AS piotroskiDetails,
       round(altman, 4) AS altmanZScore,
       CASE WHEN altman > 2.99 THEN 'safe' WHEN altman >= 1.81 THEN 'grey' WHEN altman IS NOT NULL THEN 'distress' END AS altmanZone,
       CASE WHEN len(missing) > 0 THEN missing END AS altmanMissing
FROM z;
