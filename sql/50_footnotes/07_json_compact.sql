-- The footnote omission rule in JSON: a field the filer did not tag is absent, not null. A JSON merge patch of the
-- value onto {} drops every null member of every nested object (RFC 7386); arrays are kept as they are, so list
-- elements are compacted one by one before they are aggregated. An object left empty becomes NULL.
CREATE OR REPLACE MACRO json_compact(j) AS
  CASE WHEN j IS NULL THEN NULL
       WHEN json_merge_patch('{}', j::JSON)::VARCHAR = '{}' THEN NULL
       ELSE json_merge_patch('{}', j::JSON) END;
