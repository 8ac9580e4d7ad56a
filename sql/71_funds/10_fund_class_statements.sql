-- Every statement of a share class's identity, from every source: one row per (source, accession, class id).
-- The N-PORT header, N-CEN, SGML headers and company_tickers_mf.json (fund_classes dataset) and XBRL (fund_classes_xbrl).
CREATE OR REPLACE VIEW fund_class_statements AS
SELECT cik, series_id, class_id, class_name, ticker, source, accession, as_of FROM src_fund_classes
UNION ALL
SELECT cik, series_id, class_id, class_name, ticker, source, accession, as_of FROM fund_classes_xbrl;
