-- /api/filings/item: one row, the text of one item of a filing's primary document (plain text, or Markdown when
-- p_format = 'markdown'), or `error` saying why not (unknown filing, no such item: naming the items it has).
-- The filing is p_accession, else the entity's latest p_form (default 10-K) for p_fiscal_year / p_period.
-- Grain: one row per call.
CREATE OR REPLACE MACRO filing_item(p_accession, p_symbol, p_cik, p_form, p_fiscal_year, p_period, p_item, p_format) AS TABLE
WITH who AS (
  SELECT CASE
    WHEN p_cik IS NOT NULL THEN TRY_CAST(p_cik AS INTEGER)
    WHEN p_symbol IS NOT NULL THEN (SELECT cik FROM resolve_entity(p_symbol, NULL, NULL, NULL, NULL))
  END AS cik
),
wanted_form AS (
  SELECT upper(trim(coalesce(p_form, '10-K'))) AS form
),
filing AS (
  -- asked by company: the filing as that company's (a co-registrant's or insider's filing lists several)
  SELECT f.accession, CASE WHEN p_accession IS NULL THEN (SELECT cik FROM who) ELSE f.cik END AS cik, f.form, f.filed, f.report_date, f.fy, t.filename, t.edgar_file, t.bucket
  FROM filing_texts t
  JOIN filing_index f ON f.accession = t.accession
  WHERE t.is_primary
    AND CASE
      WHEN p_accession IS NOT NULL THEN f.accession = trim(p_accession)
      ELSE list_contains(f.ciks, (SELECT cik FROM who))
        AND (f.form = (SELECT form FROM wanted_form)
          OR ((SELECT form FROM wanted_form) = '10-K' AND f.form IN ('10-K405', '10-KSB', '10-KT', '10-K40')))
        AND (p_fiscal_year IS NULL OR coalesce(f.fy, year(f.report_date)) = p_fiscal_year)
        AND (p_period IS NULL OR f.report_date = TRY_CAST(p_period AS DATE))
    END
  -- of filings for the same period, the one whose primary document is sectioned (a notes-only exhibit set is not)
  ORDER BY f.report_date DESC NULLS LAST,
    EXISTS (SELECT 1 FROM src_document_sections s WHERE s.accession = t.accession AND s.filename = t.filename) DESC,
    f.filed DESC NULLS LAST, f.accession DESC
  LIMIT 1
),
sections AS (
  SELECT s.code, s.title, s.section_start, s.section_end
  FROM src_document_sections s JOIN filing f ON s.accession = f.accession AND s.filename = f.filename
  WHERE s.bucket = (SELECT bucket FROM filing)
),
available AS (
  SELECT coalesce(list({'item': code, 'title': title} ORDER BY section_start), []) AS items,
    coalesce(string_agg(code, ', ' ORDER BY section_start), '') AS codes
  FROM sections
),
chosen AS (
  -- a 10-Q's items are per Part: "2" alone means Part I Item 2
  SELECT * FROM sections
  WHERE upper(code) = upper(item_code(p_item))
     OR (upper(code) = 'I-' || upper(item_code(p_item)) AND NOT EXISTS (SELECT 1 FROM sections WHERE upper(code) = upper(item_code(p_item))))
  LIMIT 1
),
body AS (
  SELECT substring(t.text, c.section_start + 1, c.section_end - c.section_start) AS text
  FROM src_document_text t, filing f, chosen c
  WHERE t.bucket = f.bucket AND t.accession = f.accession AND t.filename = f.filename
)
SELECT
  f.accession AS accessionNumber,
  f.cik,
  f.form,
  f.filed AS filingDate,
  f.report_date AS reportDate,
  coalesce(f.fy, year(f.report_date))::INTEGER AS fiscalYear,
  f.filename AS document,
  'https://www.sec.gov/Archives/edgar/data/' || f.cik::VARCHAR || '/' || replace(f.accession, '-', '') || '/' || f.edgar_file AS url,
  c.code AS item,
  c.title,
  CASE WHEN p_format = 'markdown' THEN 'markdown' ELSE 'text' END AS format,
  CASE WHEN p_format = 'markdown' THEN markdown_text(b.text) ELSE b.text END AS text,
  length(b.text)::INTEGER AS characters,
  a.items AS availableItems,
  CASE
    WHEN f.accession IS NULL AND p_accession IS NOT NULL
      THEN 'Unknown filing: no document text is stored for accession ' || trim(p_accession)
    WHEN f.accession IS NULL AND (SELECT cik FROM who) IS NULL
      THEN 'Unknown company: ' || coalesce('symbol ' || p_symbol, 'cik ' || p_cik::VARCHAR, 'give accession, symbol or cik')
    WHEN f.accession IS NULL
      THEN 'No ' || (SELECT form FROM wanted_form) || ' with stored document text for cik ' || (SELECT cik FROM who)::VARCHAR
        || coalesce(' and fiscal year ' || p_fiscal_year::VARCHAR, '') || coalesce(' and period ' || p_period, '')
    WHEN c.code IS NULL AND a.codes = ''
      THEN 'Filing ' || f.accession || ' (' || f.form || ') has no sections to choose from'
    WHEN c.code IS NULL
      THEN 'Item "' || p_item || '" is not in filing ' || f.accession || ' (' || f.form || '); available items: ' || a.codes
  END AS error
FROM (SELECT 1) one
LEFT JOIN filing f ON true
LEFT JOIN chosen c ON true
LEFT JOIN body b ON true
CROSS JOIN available a;
