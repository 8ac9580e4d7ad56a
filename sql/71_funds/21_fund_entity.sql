-- Whether an identifier given to a stock endpoint names a fund: a fund ticker, class or series id (symbol), or the CIK
-- of a registrant that files for fund series. One row (the fund) or none; the stock endpoints answer 400 on a row.
CREATE OR REPLACE MACRO fund_entity(p_symbol, p_cik) AS TABLE
SELECT cik, series_id, class_id, ticker, series_name FROM fund_resolve(p_symbol) WHERE p_symbol IS NOT NULL
UNION ALL
(SELECT cik, NULL, NULL, NULL, NULL FROM fund_series_index WHERE p_cik IS NOT NULL AND cik = TRY_CAST(p_cik AS INTEGER) LIMIT 1)
LIMIT 1;
