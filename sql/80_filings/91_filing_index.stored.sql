-- The filing-centric answers that run the same macros over the stored filings index (p_stored), under the names the
-- API's MacroQuery.stored picks while the stored outputs reflect every ingest (engine/query/macroCall): same columns and
-- rows as the macros without the suffix. Their stored read is the whole index under a constant path, which DuckDB binds
-- when a macro is created, so the loader creates these once `filing_index` holds files (engine/db/loadSqlFiles.ts,
-- storedFolderOf: a file named `<NN>_<folder>.stored.sql`).
CREATE OR REPLACE MACRO ipo_deals_stored(p_status) AS TABLE
SELECT * FROM ipo_deals(p_status, p_stored := true);

CREATE OR REPLACE MACRO recent_offerings_stored(p_cik, p_from, p_to) AS TABLE
SELECT * FROM recent_offerings(p_cik, p_from, p_to, p_stored := true);

CREATE OR REPLACE MACRO research_summary_stored(p_cik) AS TABLE
SELECT * FROM research_summary(p_cik, p_stored := true);
