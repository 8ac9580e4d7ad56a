-- Preference among sources of the same fact of the same accession (lower wins): the filing's own XBRL instance,
-- then its inline XBRL, then companyfacts, then the FS data sets; within a source the most precise (decimals NULL =
-- INF first).
CREATE OR REPLACE MACRO fact_source_rank(source, decimals) AS
  (CASE source WHEN 'xbrl-instance' THEN 1 WHEN 'inline-xbrl' THEN 2 WHEN 'companyfacts' THEN 3 WHEN 'fsds' THEN 4 ELSE 5 END) * 1000
  + 100 - coalesce(decimals, 99);
