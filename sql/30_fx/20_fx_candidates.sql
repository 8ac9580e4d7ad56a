-- Grain: one row per (from_currency, date, source, via): every way the stored rates price 1 unit of a currency in
-- `currencies` in `target` on a date: direct quotes, inverted quotes, and crosses through a pivot (EUR or USD,
-- recorded in `via`) whose two legs are quoted on the same day, by one source or two (source `imf+ecb`).
-- route_rank orders the routes (lower wins): a direct quote ranks as its source (fx_source_rank); a cross ranks after
-- its worse leg's source, ties broken by the better leg.
-- as_of: DATE, only rates published on or before it (point in time); NULL = every stored rate.
-- from_date, to_date: the dates needed (NULL = unbounded); bounding them keeps the cross join small.
CREATE OR REPLACE MACRO fx_candidates(currencies, target, as_of, from_date := NULL, to_date := NULL) AS TABLE
WITH codes AS (
  SELECT list_distinct(currencies || [target, 'EUR', 'USD']) AS wanted
),
visible AS (
  SELECT r.date, r.base, r.quote, r.rate, r.source
  FROM src_fx_rates r, codes
  WHERE list_contains(codes.wanted, r.base) AND list_contains(codes.wanted, r.quote)
    AND (as_of IS NULL OR r.published <= as_of::DATE)
    AND (from_date IS NULL OR r.date >= from_date::DATE) AND (to_date IS NULL OR r.date <= to_date::DATE)
),
legs AS (
  SELECT date, source, base AS leg_from, quote AS leg_to, rate FROM visible
  UNION ALL
  SELECT date, source, quote AS leg_from, base AS leg_to, 1 / rate AS rate FROM visible
),
direct AS (
  SELECT leg_from AS from_currency, date, source, NULL::VARCHAR AS via, rate
  FROM legs WHERE list_contains(currencies, leg_from) AND leg_to = target
),
first_leg AS (
  SELECT * FROM legs WHERE list_contains(currencies, leg_from) AND leg_to IN ('EUR', 'USD') AND leg_to <> target
),
second_leg AS (
  SELECT * FROM legs WHERE leg_from IN ('EUR', 'USD') AND leg_to = target
),
crossed AS (
  SELECT a.leg_from AS from_currency, a.date,
         CASE WHEN a.source = b.source THEN a.source ELSE a.source || '+' || b.source END AS source,
         a.leg_to AS via, a.rate * b.rate AS rate,
         greatest(fx_source_rank(a.source), fx_source_rank(b.source)) + 2
           + least(fx_source_rank(a.source), fx_source_rank(b.source)) / 100.0 AS route_rank
  FROM first_leg a JOIN second_leg b ON a.date = b.date AND a.leg_to = b.leg_from
)
SELECT from_currency, date, source, via, source || '/' || coalesce(via, '-') AS route_key, route_rank::DOUBLE AS route_rank, rate
FROM (SELECT *, fx_source_rank(source) AS route_rank FROM direct UNION ALL BY NAME SELECT * FROM crossed)
WHERE from_currency <> target;
