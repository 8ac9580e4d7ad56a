-- One row per 13F filing (accession) with an information table: the unit its <value> column is in, decided from the
-- data itself (the SEC's 2023-01-03 cutover to dollars was not followed by every filer). value_multiplier turns the
-- table's values into dollars; value_unit_rule says which rule decided, in this order:
--  'peer prices': the median, over the filing's plain share positions, of its implied price per share (value / shares)
--                 against other managers' median price for the same CUSIP and quarter (their values taken in the unit
--                 the date rule gives them, most filers follow it): a ratio near 1/1000 means thousands, near 1 dollars;
--  'cover total': no peer to compare with, and the cover page's tableValueTotal is 1000 times the table's sum (the
--                 table in thousands, the total in dollars);
--  'filing date': nothing to compare: filed before 2023-01-03 means thousands (without a filing date, a quarter before
--                 2022-12-31).
-- Held in memory and rebuilt when an ingest lands (*_index.sql), so a request reads one small table.
CREATE OR REPLACE TABLE form13f_unit_index AS
WITH covers AS (
  SELECT accession, arg_max(manager_cik, coalesce(filed, DATE '0001-01-01')) AS manager_cik, max(filed) AS filed,
    (date_trunc('quarter', max(period_of_report)) + INTERVAL 3 MONTH - INTERVAL 1 DAY)::DATE AS report_date,
    max(table_value_total) AS declared_value
  FROM src_form13f_reports
  WHERE period_of_report IS NOT NULL
  GROUP BY accession
),
dated AS (
  SELECT *, CASE WHEN coalesce(filed < DATE '2023-01-03', report_date < DATE '2022-12-31') THEN 1000 ELSE 1 END AS date_multiplier
  FROM covers
),
holdings AS (
  -- a filing read from its XML and from the SEC data set counts once: the XML's rows when present
  SELECT h.accession, h.cusip, h.value, h.shares, h.share_type, h.put_call
  FROM src_holdings_13f h
  QUALIFY dense_rank() OVER (PARTITION BY h.accession ORDER BY (h.source = '13f') DESC) = 1
),
priced AS (
  SELECT h.accession, d.manager_cik, d.report_date, d.date_multiplier, h.cusip, h.value / h.shares AS raw_price
  FROM holdings h JOIN dated d USING (accession)
  WHERE coalesce(h.share_type, 'SH') = 'SH' AND h.put_call IS NULL AND h.shares > 0 AND h.value > 0
),
peer_prices AS (
  -- per (cusip, quarter, manager): that manager's dollar price by the date rule, so a manager is one voice
  SELECT cusip, report_date, manager_cik, median(raw_price * date_multiplier) AS usd_price
  FROM priced
  GROUP BY cusip, report_date, manager_cik
),
compared AS (
  SELECT p.accession,
    median(log10(p.raw_price / (SELECT median(o.usd_price) FROM peer_prices o
      WHERE o.cusip = p.cusip AND o.report_date = p.report_date AND o.manager_cik IS DISTINCT FROM p.manager_cik))) AS log_ratio
  FROM priced p
  GROUP BY p.accession
),
table_sums AS (
  SELECT accession, sum(value) AS table_value FROM holdings GROUP BY accession
),
decided AS (
  SELECT d.accession, d.date_multiplier, c.log_ratio, t.table_value, d.declared_value,
    CASE
      WHEN c.log_ratio IS NOT NULL AND c.log_ratio < -1.5 THEN 1000
      WHEN c.log_ratio IS NOT NULL THEN 1
    END AS by_peers,
    CASE
      WHEN d.declared_value > 0 AND t.table_value > 0 AND abs(d.declared_value / t.table_value / 1000 - 1) < 0.01 THEN 1000
    END AS by_cover
  FROM dated d
  JOIN table_sums t USING (accession)
  LEFT JOIN compared c USING (accession)
)
SELECT accession,
  coalesce(by_peers, by_cover, date_multiplier) AS value_multiplier,
  CASE WHEN by_peers IS NOT NULL THEN 'peer prices' WHEN by_cover IS NOT NULL THEN 'cover total' ELSE 'filing date' END AS value_unit_rule,
  log_ratio AS peer_price_log_ratio
FROM decided
ORDER BY accession;
