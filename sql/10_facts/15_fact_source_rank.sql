-- Preference among the sources of one accession (lower wins): the filing's own XBRL instance, then its inline XBRL,
-- then companyfacts, then the FS data sets. A filing's facts are taken from its best source as a whole: the FS data
-- sets round period ends to the month end (2010-03-31 for Apple's 52/53-week 2010-03-27), so mixing sources fact by
-- fact would give one filing two period identities.
CREATE OR REPLACE MACRO source_class_rank(source) AS
  CASE source WHEN 'xbrl-instance' THEN 1 WHEN 'inline-xbrl' THEN 2 WHEN 'companyfacts' THEN 3 WHEN 'fsds' THEN 4 ELSE 5 END;

-- Within one source of one accession, the most precise value wins (decimals NULL = INF first).
CREATE OR REPLACE MACRO fact_source_rank(source, decimals) AS
  source_class_rank(source) * 1000 + 100 - coalesce(decimals, 99);
