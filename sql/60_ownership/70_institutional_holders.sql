-- The institutional-holders resource: one row per (manager, cusip, share type, put/call) for the 13F quarter asked for,
-- paired with the same position one quarter earlier; value descending. p_report_date pins to the latest quarter end on or
-- before it that has any 13F filings; NULL means the latest such quarter. Values are dollars (see form13f_contributing).
-- pctOfShares is against the issuer's own shares-outstanding figure nearest before the quarter end, for plain share
-- positions (SH, no put/call); NULL where no such figure exists (e.g. funds).
CREATE OR REPLACE MACRO institutional_holders(p_cik, p_symbol, p_cusip, p_composite_figi, p_share_class_figi, p_report_date) AS TABLE
WITH scope AS (
  SELECT cusip FROM ownership_scope(p_cik, p_symbol, p_cusip, p_composite_figi, p_share_class_figi)
),
contributing AS MATERIALIZED (
  SELECT * FROM form13f_contributing
),
quarter AS (
  SELECT max(report_date) AS report_date
  FROM contributing
  WHERE p_report_date IS NULL
     OR report_date <= (date_trunc('quarter', p_report_date::DATE + INTERVAL 1 DAY) - INTERVAL 1 DAY)::DATE
),
quarters AS (
  SELECT report_date, last_day(report_date - INTERVAL 3 MONTH) AS prev_date FROM quarter
),
filings AS (
  SELECT c.* FROM contributing c, quarters q
  WHERE c.report_date = q.report_date OR c.report_date = q.prev_date
),
rows AS (
  SELECT f.manager_cik, f.report_date, f.accession, f.filed, h.cusip, coalesce(h.share_type, 'SH') AS share_type, h.put_call,
    h.value * f.value_multiplier AS value, h.shares, h.investment_discretion, h.voting_sole, h.voting_shared, h.voting_none
  FROM src_holdings_13f h
  JOIN filings f USING (accession)
  WHERE h.cusip IN (SELECT cusip FROM scope)
  -- a filing read both from its XML and from the SEC data set counts once: the XML's rows when present
  QUALIFY dense_rank() OVER (PARTITION BY h.accession ORDER BY (h.source = '13f') DESC) = 1
),
positions AS (
  SELECT manager_cik, report_date, cusip, share_type, put_call,
    sum(value) AS value, sum(shares) AS shares,
    -- the XML schema spells DEFINED as DFND
    arg_max(CASE investment_discretion WHEN 'DFND' THEN 'DEFINED' WHEN 'SHR' THEN 'SHARED' ELSE investment_discretion END, value) AS investment_discretion,
    coalesce(sum(voting_sole), 0) AS sole_voting, coalesce(sum(voting_shared), 0) AS shared_voting,
    coalesce(sum(voting_none), 0) AS none_voting,
    arg_max(accession, filed) AS accession
  FROM rows
  GROUP BY manager_cik, report_date, cusip, share_type, put_call
),
current AS (
  SELECT p.* FROM positions p, quarters q WHERE p.report_date = q.report_date
),
previous AS (
  SELECT p.* FROM positions p, quarters q WHERE p.report_date = q.prev_date
),
securities AS (
  SELECT cusip, cik, ticker FROM cusip_issuers((SELECT list(cusip) FROM scope))
),
outstanding AS (
  SELECT q.report_date, q.prev_date, i.cik,
    (SELECT arg_max(r.shares, r.period_end) FROM shares_outstanding_reported r WHERE r.cik = i.cik AND r.period_end <= q.report_date) AS so,
    (SELECT arg_max(r.shares, r.period_end) FROM shares_outstanding_reported r WHERE r.cik = i.cik AND r.period_end <= q.prev_date) AS prev_so
  FROM quarters q, (SELECT DISTINCT cik FROM securities WHERE cik IS NOT NULL) i
),
managers AS (
  SELECT manager_cik, arg_max(manager_name, coalesce(filed, DATE '0001-01-01')) AS manager_name
  FROM filings
  GROUP BY manager_cik
)
SELECT
  m.manager_name AS "managerName",
  c.manager_cik AS "managerCik",
  c.value::DOUBLE AS value,
  c.shares::DOUBLE AS shares,
  c.share_type AS "shareType",
  c.investment_discretion AS "investmentDiscretion",
  c.put_call AS "putCall",
  c.sole_voting::DOUBLE AS "soleVoting",
  c.shared_voting::DOUBLE AS "sharedVoting",
  c.none_voting::DOUBLE AS "noneVoting",
  c.report_date AS "reportDate",
  p.shares::DOUBLE AS "prevShares",
  p.value::DOUBLE AS "prevValue",
  CASE WHEN c.share_type = 'SH' AND c.put_call IS NULL AND o.so > 0 THEN 100.0 * c.shares / o.so END AS "pctOfShares",
  CASE WHEN c.share_type = 'SH' AND c.put_call IS NULL AND p.shares IS NOT NULL AND o.prev_so > 0 THEN 100.0 * p.shares / o.prev_so END AS "prevPctOfShares",
  c.accession AS "accessionNumber",
  c.cusip AS cusip,
  s.ticker AS symbol
FROM current c
LEFT JOIN previous p ON p.manager_cik = c.manager_cik AND p.cusip = c.cusip AND p.share_type = c.share_type
  AND p.put_call IS NOT DISTINCT FROM c.put_call
LEFT JOIN managers m ON m.manager_cik = c.manager_cik
LEFT JOIN securities s ON s.cusip = c.cusip
LEFT JOIN outstanding o ON o.cik = s.cik
ORDER BY c.value DESC, c.manager_cik, c.cusip, c.share_type, c.put_call NULLS FIRST;
