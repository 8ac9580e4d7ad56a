-- How tickers are compared: one canonical form for the spellings of a share class (BRK.B, BRK-B, BRK/B, "brk b" and
-- BRKB are one ticker): upper case with the class separators dropped. Shown tickers keep the spelling their source gave.
CREATE OR REPLACE MACRO ticker_key(t) AS
nullif(regexp_replace(upper(trim(t)), '[.\-/ ]', '', 'g'), '');
