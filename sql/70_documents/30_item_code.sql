-- An item code as a caller may write it ("Item 7A", "item 7a.", "II-1A", "Part II Item 1A", "Risk Factors") in the
-- form document_sections stores ("7A", "II-1A", "risk-factors").
CREATE OR REPLACE MACRO item_code(p) AS
  CASE
    WHEN regexp_matches(trim(p), '^[A-Za-z][A-Za-z'' -]*[A-Za-z]$') AND NOT regexp_matches(trim(p), '^(?i)(item|part)\b')
      THEN lower(regexp_replace(regexp_replace(trim(p), '''', '', 'g'), '[^A-Za-z]+', '-', 'g'))
    ELSE trim(regexp_replace(regexp_replace(regexp_replace(upper(trim(p)), '\bITEM\b|\bPART\b', ' ', 'g'), '[\s,_-]+', '-', 'g'), '\.$', ''), '-')
  END;
