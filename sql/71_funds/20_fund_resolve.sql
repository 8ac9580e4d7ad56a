-- Fund identification: at most one row (cik, series_id, class_id, ticker, series_name) for a fund ticker, a share class
-- id (C + 9 digits) or a series id (S + 9 digits). A ticker names a class (the newest class stating it); a series id
-- names the whole series (class_id and ticker NULL). No row: the identifier is not a fund.
CREATE OR REPLACE MACRO fund_resolve(p_identifier) AS TABLE
WITH wanted AS (SELECT upper(trim(p_identifier)) AS id),
by_class AS (
  SELECT c.cik, c.series_id, c.class_id, c.ticker, c.as_of,
    (c.ticker = (SELECT id FROM wanted))::INTEGER AS exact
  FROM fund_class_index c
  WHERE c.class_id = (SELECT id FROM wanted)
     OR (NOT regexp_full_match((SELECT id FROM wanted), '[SC][0-9]{9}') AND ticker_key(c.ticker) = ticker_key(p_identifier))
),
class_match AS (SELECT * FROM by_class ORDER BY exact DESC, as_of DESC, class_id LIMIT 1),
series_match AS (
  SELECT cik, series_id, NULL::VARCHAR AS class_id, NULL::VARCHAR AS ticker
  FROM fund_series_index WHERE series_id = (SELECT id FROM wanted) AND regexp_full_match(series_id, 'S[0-9]{9}')
),
matched AS (
  SELECT cik, series_id, class_id, ticker FROM class_match
  UNION ALL
  SELECT cik, series_id, class_id, ticker FROM series_match
)
SELECT coalesce(m.cik, s.cik)::INTEGER AS cik, m.series_id, m.class_id, m.ticker, s.series_name
FROM matched m LEFT JOIN fund_series_index s ON s.series_id = m.series_id
LIMIT 1;
