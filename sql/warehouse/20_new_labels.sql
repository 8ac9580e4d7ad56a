-- Labels of the staged batch that the warehouse does not hold yet: the key is (source, scope, document, element,
-- role, language), so re-ingesting a linkbase adds nothing and a label restated under the same key is not replaced.
CREATE OR REPLACE TEMP MACRO new_labels() AS TABLE
WITH staged AS (SELECT * FROM final_labels() QUALIFY row_number() OVER (PARTITION BY row_key ORDER BY label) = 1)
SELECT s.* FROM staged s ANTI JOIN (SELECT row_key FROM src_labels) h ON s.row_key = h.row_key
ORDER BY s.element, s.cik, s.role;
