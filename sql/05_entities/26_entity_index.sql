-- entity_latest held in memory: one row per cik, every registrant's merged description, sorted by cik, plus every cik
-- known only from its facts or filings (an XBRL instance or a data set ingested without submissions): a company known
-- from what it filed is a known company, with no description fields (its name comes from security rows when any, see
-- company_details / resolve_entity). Company details read this instead of merging Parquet rows per request; rebuilt
-- with the other *_index.sql files when a new ingest manifest lands.
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
undescribed AS (
  SELECT f.* FROM filed f ANTI JOIN described d USING (cik)
)
SELECT * FROM described
UNION ALL BY NAME
SELECT cik, as_of, sources FROM undescribed
ORDER BY cik;
