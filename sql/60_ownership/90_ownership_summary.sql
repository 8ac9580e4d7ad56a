-- The ownership-summary resource (shape designed here; the spec names the endpoint only): one row for the security or
-- issuer asked for. institutional: 13F holders of plain shares (SH, no put/call) in the quarter institutional_holders
-- picks, against the quarter before (holder counts, new and closed positions, shares, value, share of shares outstanding);
-- topHolders: the ten largest such positions; beneficialOwners: the five largest 13D/13G owners; insiders: the 12-month
-- window of insider_summary (open-market P/S by officers and directors, deduplicated) with net shares and net value.
CREATE OR REPLACE MACRO ownership_summary(p_cik, p_symbol, p_cusip, p_composite_figi, p_share_class_figi, p_report_date) AS TABLE
WITH current AS (
  SELECT * FROM institutional_holders(p_cik, p_symbol, p_cusip, p_composite_figi, p_share_class_figi, p_report_date)
  WHERE "shareType" = 'SH' AND "putCall" IS NULL
),
quarter AS (
  SELECT max("reportDate") AS report_date FROM current
),
previous AS (
  SELECT h.* FROM institutional_holders(p_cik, p_symbol, p_cusip, p_composite_figi, p_share_class_figi,
    (SELECT last_day(report_date - INTERVAL 3 MONTH) FROM quarter)) h, quarter q
  WHERE h."shareType" = 'SH' AND h."putCall" IS NULL AND h."reportDate" = last_day(q.report_date - INTERVAL 3 MONTH)
),
closed AS (
  SELECT count(*)::INTEGER AS n FROM previous p
  ANTI JOIN current c ON c."managerCik" = p."managerCik" AND c.cusip = p.cusip
),
institutional AS (
  SELECT {
    'holders': count(DISTINCT c."managerCik")::INTEGER,
    'prevHolders': (SELECT count(DISTINCT "managerCik") FROM previous)::INTEGER,
    'holdersChange': (count(DISTINCT c."managerCik") - (SELECT count(DISTINCT "managerCik") FROM previous))::INTEGER,
    'newPositions': count(*) FILTER (WHERE c."prevShares" IS NULL)::INTEGER,
    'closedPositions': (SELECT n FROM closed),
    'increasedPositions': count(*) FILTER (WHERE c.shares > c."prevShares")::INTEGER,
    'decreasedPositions': count(*) FILTER (WHERE c.shares < c."prevShares")::INTEGER,
    'shares': coalesce(sum(c.shares), 0)::DOUBLE,
    'prevShares': (SELECT coalesce(sum(shares), 0) FROM previous)::DOUBLE,
    'value': coalesce(sum(c.value), 0)::DOUBLE,
    'prevValue': (SELECT coalesce(sum(value), 0) FROM previous)::DOUBLE,
    'pctOfSharesOutstanding': sum(c."pctOfShares")::DOUBLE,
    'prevPctOfSharesOutstanding': (SELECT sum("pctOfShares") FROM previous)::DOUBLE
  } AS institutional
  FROM current c
),
top_holders AS (
  SELECT coalesce(list({'managerName': "managerName", 'managerCik': "managerCik", 'cusip': cusip, 'shares': shares,
    'value': value, 'pctOfShares': "pctOfShares", 'changeShares': shares - coalesce("prevShares", 0)} ORDER BY value DESC), []) AS top
  FROM (SELECT * FROM current ORDER BY value DESC LIMIT 10)
),
owners AS (
  SELECT coalesce(list({'reportingPersonName': "reportingPersonName", 'reportingPersonCik': "reportingPersonCik",
    'percentOfClass': "percentOfClass", 'aggregateAmountOwned': "aggregateAmountOwned", 'activist': activist,
    'intent': intent, 'reportDate': "reportDate"} ORDER BY "percentOfClass" DESC NULLS LAST), []) AS owners
  FROM (SELECT * FROM beneficial_owners(p_cik, p_symbol, p_cusip, p_composite_figi, p_share_class_figi) LIMIT 5)
),
securities AS (
  SELECT * FROM cusip_issuers((SELECT list(cusip) FROM ownership_scope(p_cik, p_symbol, p_cusip, p_composite_figi, p_share_class_figi)))
),
issuer AS (
  SELECT coalesce(p_cik::INTEGER, (SELECT min(cik) FROM securities)) AS cik
),
insiders AS (
  SELECT s."12months" AS w FROM insider_summary((SELECT cik FROM issuer), NULL) s
)
SELECT
  (SELECT cik FROM issuer) AS cik,
  coalesce(upper(trim(p_symbol)), (SELECT min(ticker) FROM securities)) AS symbol,
  (SELECT report_date FROM quarter) AS "reportDate",
  i.institutional,
  t.top AS "topHolders",
  o.owners AS "beneficialOwners",
  CASE WHEN (SELECT cik FROM issuer) IS NOT NULL THEN {
    'windowMonths': 12,
    'buyCount': n.w."buyCount", 'sellCount': n.w."sellCount",
    'buyShares': n.w."buyShares", 'sellShares': n.w."sellShares", 'netShares': n.w."netShares",
    'buyValue': n.w."buyValue", 'sellValue': n.w."sellValue", 'netValue': n.w."buyValue" - n.w."sellValue",
    'uniqueBuyers': n.w."uniqueBuyers", 'uniqueSellers': n.w."uniqueSellers"
  } END AS insiders
FROM institutional i, top_holders t, owners o, insiders n;
