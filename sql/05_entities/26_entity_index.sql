-- entity_latest held in memory: one row per cik, every registrant's merged description, sorted by cik. Company
-- details read it instead of merging Parquet rows per request; rebuilt with the other *_index.sql files when a new
-- ingest manifest lands.
CREATE OR REPLACE TABLE entity_index AS
SELECT * FROM entity_latest ORDER BY cik;
