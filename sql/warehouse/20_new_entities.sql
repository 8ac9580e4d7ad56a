-- Rows of the staged batch that the warehouse does not hold yet (idempotent re-ingest).
CREATE OR REPLACE TEMP MACRO new_entities() AS TABLE
WITH staged AS (SELECT * FROM final_entities() QUALIFY row_number() OVER (PARTITION BY row_key) = 1)
SELECT s.* FROM staged s ANTI JOIN (SELECT row_key FROM src_entities) h ON s.row_key = h.row_key
ORDER BY s.cik, s.as_of;
