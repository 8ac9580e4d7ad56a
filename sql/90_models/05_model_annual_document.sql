-- Grain: at most one row per company: its latest annual report (10-K, 20-F or 40-F, newest report period; an
-- amendment only when it is the newest and carries the text) whose primary document text is stored, with that text's
-- sections ({name, text}; numbered items named "Item <code>", others by title). What a company model is built from
-- and re-read at verification. Offsets are code points, so the slicing is done here, not in TypeScript.
CREATE OR REPLACE MACRO model_annual_document(p_cik) AS TABLE
WITH annual AS (
  SELECT * FROM model_annual_filing(p_cik)
),
body AS (
  SELECT a.*, d.text FROM annual a JOIN src_document_text d ON d.accession = a.accession AND d.filename = a.filename
),
sections AS (
  SELECT
    CASE WHEN regexp_matches(s.code, '^([IVX]+-)?[0-9]') THEN 'Item ' || s.code ELSE coalesce(nullif(s.title, ''), s.code) END AS name,
    string_agg(substring(b.text, s.section_start + 1, s.section_end - s.section_start), chr(10) ORDER BY s.section_start) AS text
  FROM body b JOIN src_document_sections s ON s.accession = b.accession AND s.filename = b.filename
  GROUP BY ALL
)
SELECT p_cik::INTEGER AS cik, b.accession, b.form, b.filed::VARCHAR AS filed, b.fy::INTEGER AS fiscal_year,
  b.edgar_file, coalesce((SELECT list({'name': name, 'text': text} ORDER BY name) FROM sections), []) AS sections
FROM body b;
