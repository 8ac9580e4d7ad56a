-- The one filings index, derived: one row per (cik, accession) with every field any source gives, merged from
-- src_filings (submissions JSON, SGML headers, filing index pages, EFFECT notices, XBRL filings, financial statement
-- data sets, companyfacts, EDGAR full-index files). Stored per cik bucket by the materialize step (filing_index_stored);
-- computed here when the stored copy is stale. Grain: cik, accession. Key: cik, accession.
--
-- Precedence, field by field: the first source that states the field wins, in this order:
--   1 submissions   (EDGAR's own record of the filing: items, acceptance time, primary document, XBRL flags, size)
--   2 sgml-header   (the filing's own header: period of report, items, file number)
--   3 filing-index  (the -index.htm page: primary document, documents)
--   4 effect-notice, 5 inline-xbrl, 6 xbrl-instance, 7 fsds, 8 companyfacts (form, dates, fiscal year)
--   9 any other source, 10 full-index (form, company and date only)
-- Within one rank (one source) the row listing more 8-K items comes first. A list field (items, documents)
-- counts as stated when non-empty. `is_xbrl` is true when the first source stating either XBRL flag says XBRL or
-- inline XBRL; `sources` lists every source that describes the filing; `source_rank` is the best rank among them.
CREATE OR REPLACE MACRO filing_source_rank(s) AS
  CASE s WHEN 'submissions' THEN 1 WHEN 'sgml-header' THEN 2 WHEN 'filing-index' THEN 3 WHEN 'effect-notice' THEN 4
    WHEN 'inline-xbrl' THEN 5 WHEN 'xbrl-instance' THEN 6 WHEN 'fsds' THEN 7 WHEN 'companyfacts' THEN 8
    WHEN 'full-index' THEN 10 ELSE 9 END;

-- p_bucket / p_cik NULL: every bucket / company (the materialize step passes one bucket, the fallback one company).
CREATE OR REPLACE MACRO filing_index_rows(p_bucket, p_cik) AS TABLE
WITH scoped AS (
  -- one integer orders the rows (arg_min over a struct key measured 0.24 s of a 0.30 s company read)
  SELECT *, filing_source_rank(source) * 1000 + 999 - least(len(items), 999) AS precedence
  FROM src_filings
  WHERE (p_bucket IS NULL OR bucket = p_bucket)
    AND (p_cik IS NULL OR (bucket = cik_bucket(p_cik) AND cik = p_cik))
    AND accession IS NOT NULL AND form IS NOT NULL
),
merged AS (
  SELECT bucket, cik, accession,
    arg_min(form, precedence) AS form,
    arg_min(filed, precedence) FILTER (WHERE filed IS NOT NULL) AS filed,
    arg_min(accepted, precedence) FILTER (WHERE accepted IS NOT NULL) AS accepted,
    arg_min(report_date, precedence) FILTER (WHERE report_date IS NOT NULL) AS report_date,
    arg_min(is_amendment, precedence) FILTER (WHERE is_amendment IS NOT NULL) AS is_amendment,
    arg_min(items, precedence) FILTER (WHERE len(items) > 0) AS items,
    arg_min({'xbrl': is_xbrl, 'inline': is_inline_xbrl}, precedence) FILTER (WHERE is_xbrl IS NOT NULL OR is_inline_xbrl IS NOT NULL) AS xbrl,
    arg_min(primary_document, precedence) FILTER (WHERE primary_document IS NOT NULL) AS primary_document,
    arg_min(primary_doc_description, precedence) FILTER (WHERE primary_doc_description IS NOT NULL) AS primary_doc_description,
    arg_min(documents, precedence) FILTER (WHERE len(documents) > 0) AS documents,
    arg_min(size, precedence) FILTER (WHERE size IS NOT NULL) AS size,
    arg_min(file_number, precedence) FILTER (WHERE file_number IS NOT NULL) AS file_number,
    arg_min(film_number, precedence) FILTER (WHERE film_number IS NOT NULL) AS film_number,
    arg_min(act, precedence) FILTER (WHERE act IS NOT NULL) AS act,
    arg_min(fy, precedence) FILTER (WHERE fy IS NOT NULL) AS fy,
    arg_min(fp, precedence) FILTER (WHERE fp IS NOT NULL) AS fp,
    list_sort(list_distinct(list(source))) AS sources,
    min(precedence) // 1000 AS source_rank
  FROM scoped
  GROUP BY bucket, cik, accession
)
SELECT bucket, cik, accession, form, filed, accepted, report_date,
  coalesce(is_amendment, form LIKE '%/A') AS is_amendment,
  coalesce(items, []) AS items,
  coalesce(xbrl.xbrl, false) OR coalesce(xbrl.inline, false) AS is_xbrl,
  coalesce(xbrl.inline, false) AS is_inline_xbrl,
  primary_document, primary_doc_description, coalesce(documents, []) AS documents, size, file_number, film_number, act,
  fy, fp, sources, source_rank
FROM merged;
