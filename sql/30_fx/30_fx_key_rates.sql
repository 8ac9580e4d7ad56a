-- Grain: one row per priceable key of `keys` (LIST of STRUCT(currency, method, start_date, end_date)): the rate that
-- turns 1 unit of `currency` into `target` (target = original * rate) by the spec's rules.
--   spot:    the latest rate dated on or before end_date (at most fx_max_gap_days() old); effective_date = its date.
--   average: the day-weighted mean over every calendar day of [start_date, end_date], each day carrying the latest
--            rate on or before it (weekends and holidays carry the last published rate); one route for the whole window.
--            A window that is one calendar year may also be priced by an annual-average quote of that year (IMF,
--            fx_annual_average_route, every leg of it annual), ranked as its source; such quotes price nothing else.
-- Among routes that can price a key, the lowest fx_route_rank wins. A key with no row cannot be priced (the caller
-- leaves its facts in their currency and lists them under fx.unconverted). currency = target prices at 1 (identity).
CREATE OR REPLACE MACRO fx_key_rates(keys, target, as_of) AS TABLE
WITH k AS (
  SELECT DISTINCT key.currency AS currency, key.method AS method,
         key.start_date::DATE AS start_date, key.end_date::DATE AS end_date
  FROM (SELECT unnest(keys) AS key)
  WHERE key.currency IS NOT NULL AND key.end_date IS NOT NULL
),
cand AS MATERIALIZED (
  SELECT * FROM fx_candidates((SELECT coalesce(list(DISTINCT currency), []) FROM k), target, as_of,
    from_date := (SELECT min(coalesce(start_date, end_date)) - fx_max_gap_days() FROM k),
    to_date := (SELECT max(end_date) FROM k))
),
routes AS (
  SELECT DISTINCT from_currency, route_key, source, via, route_rank FROM cand
),
spot_keys AS (
  SELECT k.*, r.route_key, r.source, r.via, r.route_rank
  FROM k JOIN routes r ON r.from_currency = k.currency
  WHERE k.method = 'spot' AND NOT fx_annual_average_route(r.source)
),
spot_obs AS (
  SELECT s.*, c.date AS obs_date, c.rate
  FROM spot_keys s ASOF JOIN cand c
    ON c.from_currency = s.currency AND c.route_key = s.route_key AND c.date <= s.end_date
),
spot AS (
  SELECT currency, method, start_date, end_date, rate, obs_date AS effective_date, source, via
  FROM spot_obs
  WHERE obs_date >= end_date - fx_max_gap_days()
  QUALIFY row_number() OVER (PARTITION BY currency, method, start_date, end_date ORDER BY route_rank, obs_date DESC) = 1
),
avg_days AS (
  SELECT k.*, r.route_key, r.source, r.via, r.route_rank,
         unnest(generate_series(k.start_date, k.end_date, INTERVAL 1 DAY))::DATE AS day
  FROM k JOIN routes r ON r.from_currency = k.currency
  WHERE k.method = 'average' AND k.start_date IS NOT NULL AND k.start_date <= k.end_date
    AND NOT fx_annual_average_route(r.source)
),
avg_obs AS (
  SELECT d.*, c.date AS obs_date, c.rate
  FROM avg_days d ASOF LEFT JOIN cand c
    ON c.from_currency = d.currency AND c.route_key = d.route_key AND c.date <= d.day
),
daily_average AS (
  -- summed as DECIMAL: a parallel DOUBLE sum depends on thread order, and the same request must price identically
  SELECT currency, method, start_date, end_date, avg(rate::DECIMAL(38, 18))::DOUBLE AS rate, NULL::DATE AS effective_date, source, via,
         any_value(route_rank) AS route_rank
  FROM avg_obs
  GROUP BY currency, method, start_date, end_date, route_key, source, via
  HAVING bool_and(obs_date IS NOT NULL AND day - obs_date <= fx_max_gap_days())
),
annual_average AS (
  -- a calendar year's average from an annual-average quote dated that year's 31 December (all legs annual: 'imf')
  SELECT k.currency, k.method, k.start_date, k.end_date, c.rate, NULL::DATE AS effective_date, c.source, c.via, c.route_rank
  FROM k JOIN cand c ON c.from_currency = k.currency AND c.date = k.end_date
  WHERE k.method = 'average' AND c.source = 'imf'
    AND k.start_date = make_date(year(k.end_date), 1, 1) AND k.end_date = make_date(year(k.end_date), 12, 31)
),
average AS (
  SELECT * FROM (SELECT * FROM daily_average UNION ALL SELECT * FROM annual_average)
  QUALIFY row_number() OVER (PARTITION BY currency, method, start_date, end_date ORDER BY route_rank, source) = 1
),
identity AS (
  SELECT currency, method, start_date, end_date, 1.0::DOUBLE AS rate,
         CASE WHEN method = 'spot' THEN end_date END AS effective_date, 'identity' AS source, NULL::VARCHAR AS via
  FROM k WHERE currency = target
)
SELECT * FROM spot
UNION ALL SELECT currency, method, start_date, end_date, rate, effective_date, source, via FROM average
UNION ALL SELECT * FROM identity;
