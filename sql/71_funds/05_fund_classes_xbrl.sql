-- Share classes named by XBRL documents (prospectus risk/return summaries, tailored shareholder reports): one row per
-- (cik, class id, accession) from the short text facts (fact_texts) tagged on a class-axis member that carries an
-- EDGAR class id: its dei:TradingSymbol and oef:ClassName. The series is the context's own series member, else the
-- document's only series (a one-fund document tags its classes without the series axis). as_of: the filing date, else
-- the document's period (a document ingested without its EDGAR header).
CREATE OR REPLACE VIEW fund_classes_xbrl AS
WITH t AS (
  SELECT cik, accession, filed, period_end, source, regexp_extract(concept, '[^:]+$') AS name, value,
    nullif(regexp_extract(list_filter(dims, d -> regexp_matches(d.axis, '(^|:)(ProspectusShareClassAxis|ClassAxis)$'))[1].member, '(C\d{9})', 1), '') AS class_id,
    nullif(regexp_extract(list_filter(dims, d -> regexp_matches(d.axis, '(^|:)(LegalEntityAxis|SeriesAxis)$'))[1].member, '(S\d{9})', 1), '') AS series_id
  FROM src_fact_texts
),
document_series AS (
  SELECT accession, any_value(series_id) AS series_id
  FROM t WHERE series_id IS NOT NULL GROUP BY accession HAVING count(DISTINCT series_id) = 1
)
SELECT t.cik, coalesce(any_value(t.series_id) FILTER (WHERE t.series_id IS NOT NULL), any_value(d.series_id)) AS series_id,
  t.class_id,
  max(t.value) FILTER (WHERE t.name = 'ClassName') AS class_name,
  nullif(upper(trim(max(t.value) FILTER (WHERE t.name = 'TradingSymbol'))), '') AS ticker,
  any_value(t.source) AS source, t.accession, coalesce(min(t.filed), max(t.period_end)) AS as_of
FROM t LEFT JOIN document_series d USING (accession)
WHERE t.class_id IS NOT NULL AND t.name IN ('TradingSymbol', 'ClassName')
GROUP BY t.cik, t.class_id, t.accession;
