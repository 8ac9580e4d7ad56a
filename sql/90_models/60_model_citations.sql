-- Grain: one row per (cik, model, section, citation): every verified citation of the stored models, and one row with
-- NULL citation fields for a section left without one (its note says why).
CREATE OR REPLACE MACRO model_citations(models_glob := '/_models/models/*.json') AS TABLE
WITH sections AS (
  SELECT m.cik, 'economic' AS model, s.key AS section, s.value AS body FROM company_models(models_glob := models_glob) m, json_each(m.economicModel) s
  UNION ALL
  SELECT m.cik, 'business', s.key, s.value FROM company_models(models_glob := models_glob) m, json_each(m.businessModel) s
),
cited AS (
  SELECT s.cik, s.model, s.section, c.value AS citation, s.body->>'$.sourcesNote' AS note
  FROM sections s LEFT JOIN LATERAL json_each(s.body->'$.sources') c ON true
)
SELECT cik, model, section,
  citation->>'$.section' AS document_section, citation->>'$.quote' AS quote, citation->>'$.url' AS url,
  citation->>'$.source' AS source, citation->>'$.publisher' AS publisher,
  coalesce((citation->>'$.validated')::BOOLEAN, citation IS NOT NULL) AS validated, note
FROM cited;
