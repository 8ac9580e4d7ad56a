-- Grain: one row per buyback period of one company, newest first: the /api/footnotes/buybacks resource.
-- c: cik; period: 'annual' | 'quarter'; lim: NULL = all; currency: 'USD' | 'original';
-- as_of: DATE, only filings accepted on or before it (point in time, beyond the spec), NULL = everything ingested.
-- repurchased: one concept family per period, named in `style` - retired (StockRepurchasedAndRetired...), treasury
-- (TreasuryStock...Acquired...), repurchased (StockRepurchasedDuringPeriod...); the first family in that order with
-- both shares and value, else the first with either. A filer-tagged average price of that family always wins
-- (TreasuryStockAcquiredAverageCostPerShare, or a filer's own ...Repurchase/Treasury...Average...Price/Cost concept
-- naming the family); otherwise value / shares within the family, flagged avgPriceDerived. Undimensioned facts only:
-- equity-statement columns and program members are parts, not the period's total.
-- cashSpent: the cash-flow statement's payments for repurchases. program: authority amounts and share counts,
-- consumed = authorized - remaining when both are amounts. asr.initialPricePaid: AcceleratedShareRepurchasesInitial
-- PricePaidPerShare, or, where an ASR is tagged only as a repurchase-program member (a member named ...Accelerated...
-- on a share repurchase program axis), its average price over the first span it reports (the initial delivery).
-- Share counts are never converted.
CREATE OR REPLACE MACRO footnote_buybacks(c, period, lim, currency, as_of) AS TABLE
WITH bb_fields AS (
  SELECT * FROM (VALUES
    ('cashSpent', 'us-gaap:PaymentsForRepurchaseOfCommonStock', 1),
    ('cashSpent', 'us-gaap:PaymentsForRepurchaseOfEquity', 2),
    ('retired.shares', 'us-gaap:StockRepurchasedAndRetiredDuringPeriodShares', 1),
    ('retired.value', 'us-gaap:StockRepurchasedAndRetiredDuringPeriodValue', 1),
    ('treasury.shares', 'us-gaap:TreasuryStockSharesAcquired', 1),
    ('treasury.value', 'us-gaap:TreasuryStockValueAcquiredCostMethod', 1),
    ('treasury.value', 'us-gaap:TreasuryStockValueAcquiredParValueMethod', 2),
    ('treasury.price', 'us-gaap:TreasuryStockAcquiredAverageCostPerShare', 1),
    ('repurchased.shares', 'us-gaap:StockRepurchasedDuringPeriodShares', 1),
    ('repurchased.value', 'us-gaap:StockRepurchasedDuringPeriodValue', 1),
    ('program.authorized', 'us-gaap:StockRepurchaseProgramAuthorizedAmount1', 1),
    ('program.authorized', 'srt:StockRepurchaseProgramAuthorizedAmount1', 2),
    ('program.authorized', 'us-gaap:StockRepurchaseProgramAuthorizedAmount', 3),
    ('program.remaining', 'us-gaap:StockRepurchaseProgramRemainingAuthorizedRepurchaseAmount1', 1),
    ('program.remaining', 'us-gaap:StockRepurchaseProgramRemainingAuthorizedRepurchaseAmount', 2),
    ('program.authorizedShares', 'us-gaap:StockRepurchaseProgramNumberOfSharesAuthorizedToBeRepurchased', 1),
    ('program.authorizedShares', 'srt:StockRepurchaseProgramNumberOfSharesAuthorizedToBeRepurchased', 2),
    ('program.remainingShares', 'us-gaap:StockRepurchaseProgramRemainingNumberOfSharesAuthorizedToBeRepurchased', 1),
    ('program.remainingShares', 'srt:StockRepurchaseProgramRemainingNumberOfSharesAuthorizedToBeRepurchased', 2),
    ('asr.initialPricePaid', 'us-gaap:AcceleratedShareRepurchasesInitialPricePaidPerShare', 1)
  ) t(field, concept, pref)
),
bb_price_pattern AS (
  SELECT '(?i):\w*(Repurchase|Treasury)\w*(Average\w*(Price|Cost)|(Price|Cost)\w*Average)\w*$' AS re
),
bb_raw AS MATERIALIZED (
  SELECT * FROM footnote_facts(cik_bucket(c), c, as_of, (SELECT list(DISTINCT concept) FROM bb_fields), (SELECT re FROM bb_price_pattern))
),
bb_ext_prices AS (
  -- a filer's own average-price concept, assigned to the family its name says
  SELECT DISTINCT concept,
         CASE WHEN concept ILIKE '%Retire%' THEN 'retired.price' WHEN concept ILIKE '%Treasury%' THEN 'treasury.price'
              ELSE 'repurchased.price' END AS field, 2 AS pref
  FROM bb_raw, bb_price_pattern p
  WHERE regexp_matches(concept, p.re) AND NOT list_contains((SELECT list(concept) FROM bb_fields), concept)
),
bb_all_fields AS (
  SELECT * FROM bb_fields UNION ALL BY NAME SELECT * FROM bb_ext_prices
),
bb_asr AS (
  -- an ASR tagged only as a repurchase-program member: its price over the first span it reports
  SELECT cik, concept, unit, period_start, period_end, '' AS dim_key, dims, NULL AS axis, NULL AS member, value,
         decimals, accession, date_filed, fiscal_year, label, 'asr.initialPricePaid' AS asr_field
  FROM bb_raw
  WHERE len(dims) = 1 AND regexp_matches(axis, ':\w*ShareRepurchaseProgram\w*Axis$')
    AND regexp_matches(member, '(?i)(Accelerated|ASR)')
    AND concept IN (SELECT concept FROM bb_all_fields WHERE field LIKE '%.price')
    AND label IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY member ORDER BY period_end, period_start DESC) = 1
),
bb_kept AS (
  SELECT * EXCLUDE (asr_field) REPLACE ('us-gaap:AcceleratedShareRepurchasesInitialPricePaidPerShare' AS concept) FROM bb_asr
  UNION ALL BY NAME
  SELECT * FROM bb_raw WHERE len(dims) = 0
),
bb_series AS MATERIALIZED (
  SELECT * FROM footnote_series('bb_kept')
),
bb_periods AS MATERIALIZED (
  SELECT * FROM footnote_periods('bb_series', period, lim)
),
bb_picked AS MATERIALIZED (
  SELECT s.* FROM footnote_pick('bb_series', footnote_currency_param(currency), as_of := as_of) s
  SEMI JOIN bb_periods p USING (series, period_end, fiscal_period)
),
bb_vals AS MATERIALIZED (
  SELECT *, split_part(field, '.', 1) AS grp, split_part(field, '.', 2) AS name
  FROM footnote_fields('bb_picked', 'bb_all_fields')
),
bb_families AS (
  SELECT period_end, fiscal_period, grp AS style,
         max(value) FILTER (WHERE name = 'shares') AS shares,
         max(value) FILTER (WHERE name = 'value') AS value,
         max(value) FILTER (WHERE name = 'price') AS price,
         max(unit) FILTER (WHERE name = 'value') AS value_unit
  FROM bb_vals WHERE grp IN ('retired', 'treasury', 'repurchased')
  GROUP BY ALL
),
bb_served AS (
  SELECT * FROM bb_families
  WHERE shares IS NOT NULL OR value IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY period_end, fiscal_period
    ORDER BY (shares IS NOT NULL AND value IS NOT NULL) DESC, list_position(['retired', 'treasury', 'repurchased'], style)) = 1
),
bb_other AS (
  SELECT period_end, fiscal_period,
         max(value) FILTER (WHERE field = 'cashSpent') AS cashSpent,
         max(unit) FILTER (WHERE field = 'cashSpent') AS cash_unit,
         max(value) FILTER (WHERE field = 'program.authorized') AS authorized,
         max(unit) FILTER (WHERE field = 'program.authorized') AS authorized_unit,
         max(value) FILTER (WHERE field = 'program.remaining') AS remaining,
         max(unit) FILTER (WHERE field = 'program.remaining') AS remaining_unit,
         max(value) FILTER (WHERE field = 'program.authorizedShares') AS authorizedShares,
         max(value) FILTER (WHERE field = 'program.remainingShares') AS remainingShares,
         max(value) FILTER (WHERE field = 'asr.initialPricePaid') AS initialPricePaid
  FROM bb_vals GROUP BY ALL
),
bb_rows AS (
  SELECT p.series, p.period_end, p.fiscal_period, p.period, p.fiscalYear, p.fiscalPeriod, p.dateFiled, s.style, s.shares,
         s.value, o.cashSpent, o.authorized, o.remaining, o.authorizedShares, o.remainingShares, o.initialPricePaid,
         coalesce(s.price, CASE WHEN s.shares <> 0 AND s.value IS NOT NULL THEN s.value / s.shares END) AS avg_price,
         s.price IS NULL AND s.shares <> 0 AND s.value IS NOT NULL AS derived,
         CASE WHEN o.authorized_unit = o.remaining_unit THEN o.authorized - o.remaining END AS consumed,
         footnote_currency([s.value_unit, o.cash_unit, o.authorized_unit, o.remaining_unit]) AS entry_currency
  FROM bb_periods p
  LEFT JOIN bb_served s USING (period_end, fiscal_period)
  LEFT JOIN bb_other o USING (period_end, fiscal_period)
),
bb_fx AS (
  SELECT * FROM footnote_fx('bb_picked', footnote_currency_param(currency))
)
SELECT r.period, r.fiscalYear, r.fiscalPeriod, r.dateFiled, r.entry_currency AS currency, r.cashSpent,
       CASE WHEN r.style IS NOT NULL THEN json_compact(json_object(
         'style', r.style, 'shares', r.shares, 'value', r.value, 'avgPricePerShare', r.avg_price,
         'avgPriceDerived', CASE WHEN r.derived THEN true END)) END AS repurchased,
       json_compact(json_object('authorized', r.authorized, 'remaining', r.remaining, 'authorizedShares', r.authorizedShares,
                                'remainingShares', r.remainingShares, 'consumed', r.consumed)) AS program,
       json_compact(json_object('initialPricePaid', r.initialPricePaid)) AS asr,
       x.fx
FROM bb_rows r
LEFT JOIN bb_fx x ON x.series = r.series AND x.period_end = r.period_end AND x.fiscal_period = r.fiscal_period
ORDER BY r.period_end DESC;
