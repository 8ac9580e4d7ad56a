-- One row per company (cik), none for an unknown cik: the company-details resource, fields named as the JSON response
-- (camelCase). Built from the merged entity description (entity_index, the in-memory entity_latest) and the issuer's listed securities
-- (security_index); an issuer known only from a ticker list still gets its name, tickers and exchanges.
CREATE OR REPLACE MACRO company_details(p_cik) AS TABLE
WITH entity AS MATERIALIZED (
  SELECT * FROM entity_index WHERE cik = p_cik
),
ids AS MATERIALIZED (
  SELECT * FROM security_index WHERE cik = p_cik
),
listings AS (
  SELECT s.ticker,
    arg_max(s.exchange, s.as_of) FILTER (WHERE s.exchange IS NOT NULL) AS exchange,
    arg_max(s.kind, s.as_of) FILTER (WHERE s.kind IS NOT NULL) AS kind,
    arg_max(s.cusip, s.as_of) FILTER (WHERE s.cusip IS NOT NULL) AS cusip,
    arg_max(s.composite_figi, s.as_of) FILTER (WHERE s.composite_figi IS NOT NULL) AS composite_figi,
    arg_max(s.share_class_figi, s.as_of) FILTER (WHERE s.share_class_figi IS NOT NULL) AS share_class_figi,
    min(list_position((SELECT any_value(tickers) FROM entity), s.ticker)) AS listed_order
  FROM ids s
  WHERE s.ticker IS NOT NULL
  GROUP BY s.ticker
),
securities AS (
  SELECT
    coalesce(list({'symbol': ticker, 'exchange': exchange, 'kind': kind, 'cusip': cusip,
      'compositeFigi': composite_figi, 'shareClassFigi': share_class_figi} ORDER BY listed_order NULLS LAST, ticker), []) AS securities,
    coalesce(list(ticker ORDER BY listed_order NULLS LAST, ticker), []) AS tickers,
    coalesce(list(coalesce(exchange, '') ORDER BY listed_order NULLS LAST, ticker), []) AS exchanges
  FROM listings
),
named AS (
  SELECT arg_max(name, as_of) FILTER (WHERE name IS NOT NULL) AS name, max(as_of) AS as_of FROM ids
),
issuer AS (
  SELECT DISTINCT cik FROM (SELECT cik FROM entity UNION ALL SELECT cik FROM ids)
)
SELECT
  i.cik::INTEGER AS cik,
  coalesce(e.name, n.name) AS name,
  coalesce(e.tickers, s.tickers) AS tickers,
  coalesce(e.exchanges, s.exchanges) AS exchanges,
  s.securities AS securities,
  e.entity_type AS "entityType",
  e.category AS category,
  e.sic AS sic,
  e.sic_description AS "sicDescription",
  e.description AS description,
  e.fiscal_year_end AS "fiscalYearEnd",
  e.state_of_incorporation AS "stateOfIncorporation",
  e.state_of_incorporation_description AS "stateOfIncorporationDescription",
  e.ein AS ein,
  e.phone AS phone,
  e.website AS website,
  {'business': e.business_address, 'mailing': e.mailing_address} AS addresses,
  coalesce(list_transform(e.former_names, f -> {'name': f.name, 'from': left(f."from", 10), 'to': left(f."to", 10)}), []) AS "formerNames",
  coalesce(e.as_of, n.as_of) AS "asOf"
FROM issuer i
CROSS JOIN securities s
CROSS JOIN named n
LEFT JOIN entity e ON e.cik = i.cik;
