-- One row per physical trade of an issuer's insiders (grain: trade_key): the rows insider_trade_dedupe keeps (see there
-- for the spec's rules: Form 5 repeats, amended originals, one physical trade reported more than once, bad prices).
CREATE OR REPLACE MACRO insider_trades(p_cik) AS TABLE
SELECT * EXCLUDE (dropped_by) FROM insider_trade_dedupe(p_cik)
WHERE dropped_by IS NULL;
