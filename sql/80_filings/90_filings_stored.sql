-- The filing-centric answers over the stored filing outputs, under the names the API's MacroQuery.stored picks while
-- the stored outputs reflect every ingest (engine/query/macroCall): same columns and rows as the macros of the same
-- name without the suffix. The timeline and the earnings calendar read their stored rows (a point read of the
-- company's bucket file: the path depends on the argument, so the macro binds only when called); the others run over
-- the stored filings index (91_filing_index.stored.sql).
CREATE OR REPLACE MACRO filing_timeline_stored(p_cik) AS TABLE
SELECT recent, predicted, nextEarningsDate
FROM filings_stored_output('filing_timeline', cik_bucket(p_cik))
WHERE cik = p_cik;

-- the name and ticker as the entity index has them now: an ingest of tickers alone changes them and no filing bucket
CREATE OR REPLACE MACRO earnings_calendar_stored(p_cik, p_from, p_to) AS TABLE
SELECT r.* EXCLUDE (day, bucket) REPLACE (e.tickers[1] AS symbol, e.name AS companyName)
FROM filings_stored_output('earnings_calendar', cik_bucket(p_cik)) r
LEFT JOIN entity_index e ON e.cik = r.cik
CROSS JOIN earnings_calendar_window(p_cik, p_from, p_to) w
WHERE (p_cik IS NULL OR r.cik = p_cik) AND r.day BETWEEN w.lo AND w.hi
ORDER BY CASE WHEN p_cik IS NULL THEN r.day END ASC, r.day DESC, r.cik;
