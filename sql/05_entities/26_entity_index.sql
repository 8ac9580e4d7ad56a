-- entity_latest held in memory: one row per cik, every registrant's merged description, sorted by cik, plus every cik
-- known only from its facts or filings (an XBRL instance or a data set ingested without submissions): a company known
-- from what it filed is a known company, with no description fields (its name comes from security rows when any, see
-- company_details / resolve_entity). An issuer named only by insider documents (Forms 3/4/5, XML or the SEC data set)
-- is a known company too: its name comes from its newest such document (its tickers from security_ids), and any
-- description (submissions, companyfacts) replaces it. Company details read this instead of merging Parquet rows per request; rebuilt with the
-- other *_index.sql files when a new ingest manifest lands.
CREATE OR REPLACE TABLE entity_index AS
WITH described AS (
  SELECT * FROM entity_latest
),
filed AS (
  SELECT cik, max(filed) AS as_of, list(DISTINCT source ORDER BY source) AS sources
  FROM (
    SELECT cik, filed, source FROM src_filings WHERE cik IS NOT NULL
    UNION ALL
    SELECT cik, filed, source FROM src_facts WHERE cik IS NOT NULL
  )
  GROUP BY cik
),
named_by_insiders AS (
  -- the issuer block every Form 3/4/5 carries (its ticker reaches security_ids)
  SELECT issuer_cik AS cik,
    arg_max(nullif(trim(issuer_name), ''), coalesce(filed, period_of_report)) FILTER (WHERE nullif(trim(issuer_name), '') IS NOT NULL) AS name,
    max(coalesce(filed, period_of_report)) AS as_of, list(DISTINCT source ORDER BY source) AS sources
  FROM src_insider_filings
  WHERE issuer_cik IS NOT NULL
  GROUP BY issuer_cik
),
undescribed AS (
  SELECT cik, any_value(name) FILTER (WHERE name IS NOT NULL) AS name,
    max(as_of) AS as_of, list_sort(list_distinct(flatten(list(sources)))) AS sources
  FROM (
    SELECT cik, NULL::VARCHAR AS name, as_of, sources FROM filed
    UNION ALL
    SELECT cik, name, as_of, sources FROM named_by_insiders
  ) u
  ANTI JOIN described d USING (cik)
  GROUP BY cik
)
SELECT * FROM described
UNION ALL BY NAME
SELECT cik, name, as_of, sources FROM undescribed
ORDER BY cik;
