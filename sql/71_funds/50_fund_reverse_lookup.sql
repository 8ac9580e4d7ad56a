-- Fund reverse lookup: the fund series whose N-PORT report (the latest on or before p_report_date; NULL: the latest)
-- holds the identified security, value descending. The security is scoped like the ownership endpoints
-- (ownership_scope: a CUSIP, FIGI or ticker names that security; an issuer CIK every CUSIP of the issuer); a holding
-- filed with an ISIN only matches through the CUSIP a US/CA ISIN embeds. One row per (series, holding line).
CREATE OR REPLACE MACRO fund_reverse_lookup(p_cik, p_symbol, p_cusip, p_composite_figi, p_share_class_figi, p_report_date) AS TABLE
WITH scope AS (
  -- a CUSIP scopes to itself: no need to read the identifier mappings
  SELECT upper(trim(p_cusip)) AS cusip WHERE p_cusip IS NOT NULL
  UNION ALL
  SELECT cusip FROM ownership_scope(p_cik, p_symbol, NULL, p_composite_figi, p_share_class_figi) WHERE p_cusip IS NULL
),
held AS MATERIALIZED (
  -- lookup_cusip: the CUSIP as filed, else the one a US/CA ISIN embeds (the file is sorted on it)
  SELECT h.* FROM src_nport_holdings h WHERE h.lookup_cusip IN (SELECT cusip FROM scope)
),
reports AS (
  SELECT r.*
  FROM src_nport_reports r
  WHERE r.accession IN (SELECT DISTINCT accession FROM held)
),
latest AS (
  -- each series' newest report on or before the pinned date; an amendment supersedes its original
  SELECT s.*
  FROM src_nport_reports s
  WHERE s.series_id IN (SELECT series_id FROM reports)
    AND (p_report_date IS NULL OR s.rep_pd_date <= p_report_date::DATE)
  QUALIFY row_number() OVER (PARTITION BY s.series_id ORDER BY s.rep_pd_date DESC, s.filed DESC NULLS LAST, (s.form LIKE '%/A') DESC, s.accession DESC,
    (s.source = 'nport') DESC) = 1
),
tickers AS (
  SELECT series_id, list(DISTINCT ticker ORDER BY ticker) AS tickers
  FROM fund_class_index WHERE ticker IS NOT NULL AND series_id IN (SELECT series_id FROM latest)
  GROUP BY series_id
)
SELECT
  l.cik AS "fundCik",
  l.reg_name AS "registrantName",
  l.series_id AS "seriesId",
  coalesce(l.series_name, fs.series_name) AS "seriesName",
  coalesce(t.tickers, []) AS "classTickers",
  h.name AS "issuerName",
  h.title AS "title",
  h.cusip AS cusip,
  h.isin AS isin,
  h.value_usd::DOUBLE AS value,
  h.balance::DOUBLE AS balance,
  h.units AS units,
  h.pct_val::DOUBLE AS "pctOfNetAssets",
  h.asset_cat AS "assetCategory",
  h.payoff_profile AS "payoffProfile",
  l.rep_pd_date AS "reportDate",
  CASE WHEN l.accession LIKE 'content-%' THEN NULL ELSE l.accession END AS "accessionNumber"
FROM latest l
JOIN held h ON h.accession = l.accession AND h.source = l.source
LEFT JOIN tickers t ON t.series_id = l.series_id
LEFT JOIN fund_series_index fs ON fs.series_id = l.series_id
ORDER BY h.value_usd DESC NULLS LAST, l.series_id, h.seq;
