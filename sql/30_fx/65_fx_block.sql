-- Grain: scalar, one period. The spec's `fx` block (JSON) from the period's facts as converted, `entries` being a LIST
-- of STRUCT(concept, currency, method, rate, effective_date, start_date, end_date, converted) with currency = the
-- fact's ORIGINAL currency (NULL for non-money facts, which are ignored). NULL (the block is absent) when the period
-- has no money fact or was already wholly in the target. rates: one entry per (from, method) applied, sorted;
-- unconverted: currency -> sorted fact names left in it, present only when something could not be priced.
-- target = 'original': {targetCurrency: "original", originalCurrencies, rates: []} for every period with money facts.
CREATE OR REPLACE MACRO fx_block(target, entries) AS (
  WITH b AS (
    SELECT list_filter(entries, x -> x.currency IS NOT NULL) AS money
  ),
  parts AS (
    SELECT money,
      list_sort(list_distinct(list_transform(money, x -> x.currency))) AS originals,
      list_sort(list_distinct(list_transform(
        list_filter(money, x -> x.converted AND x.currency <> target),
        x -> CASE WHEN x.method = 'spot'
                  THEN json_object('from', x.currency, 'method', 'spot', 'rate', x.rate, 'effectiveDate', x.effective_date)
                  ELSE json_object('from', x.currency, 'method', 'average', 'rate', x.rate, 'start', x.start_date, 'end', x.end_date) END
      ))) AS rates,
      list_sort(list_distinct(list_transform(list_filter(money, x -> NOT x.converted AND target <> 'original'), x -> x.currency))) AS stuck
    FROM b
  )
  SELECT CASE
    WHEN len(money) = 0 THEN NULL
    WHEN target <> 'original' AND len(list_filter(money, x -> x.currency <> target)) = 0 THEN NULL
    WHEN len(stuck) = 0 THEN json_object('targetCurrency', target, 'originalCurrencies', originals, 'rates', rates::JSON[])
    ELSE json_object('targetCurrency', target, 'originalCurrencies', originals, 'rates', rates::JSON[],
      'unconverted', to_json(map_from_entries(list_transform(stuck, cur -> {'key': cur, 'value':
        list_sort(list_distinct(list_transform(list_filter(money, x -> NOT x.converted AND x.currency = cur), x -> x.concept)))}))))
  END FROM parts
);
