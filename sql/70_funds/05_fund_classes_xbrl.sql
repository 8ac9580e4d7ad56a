-- Share classes named by XBRL documents (dei:TradingSymbol in a context on the class axis, e.g. prospectus risk/return
-- and tailored shareholder reports): one row per (cik, class id, ticker, accession). Non-numeric facts are not in the
-- facts dataset, so this view is empty until a dataset of them exists; the fund XBRL work defines its body here.
CREATE OR REPLACE VIEW fund_classes_xbrl AS
SELECT NULL::INTEGER AS cik, NULL::VARCHAR AS series_id, NULL::VARCHAR AS class_id, NULL::VARCHAR AS class_name,
  NULL::VARCHAR AS ticker, NULL::VARCHAR AS source, NULL::VARCHAR AS accession, NULL::DATE AS as_of
WHERE false;
