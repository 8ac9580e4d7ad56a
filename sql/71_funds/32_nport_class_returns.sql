-- The monthly total returns (%) an N-PORT report gives the asked share class; for a series asked without a class, the
-- returns of its only class (a fund with several classes has no single return: NULL). Grain: one row per accession.
CREATE OR REPLACE MACRO nport_class_returns(p_accessions, p_class_id) AS TABLE
WITH rows AS (
  SELECT accession, class_id, rtn1, rtn2, rtn3
  FROM src_nport_returns
  WHERE list_contains(p_accessions, accession)
  -- a report read both from its XML and from the SEC data set: the XML's returns
  QUALIFY row_number() OVER (PARTITION BY accession, class_id ORDER BY (source = 'nport') DESC) = 1
),
picked AS (
  SELECT accession,
    CASE WHEN p_class_id IS NOT NULL THEN max(rtn1) FILTER (WHERE class_id = upper(p_class_id))
         WHEN count(*) = 1 THEN max(rtn1) END AS rtn1,
    CASE WHEN p_class_id IS NOT NULL THEN max(rtn2) FILTER (WHERE class_id = upper(p_class_id))
         WHEN count(*) = 1 THEN max(rtn2) END AS rtn2,
    CASE WHEN p_class_id IS NOT NULL THEN max(rtn3) FILTER (WHERE class_id = upper(p_class_id))
         WHEN count(*) = 1 THEN max(rtn3) END AS rtn3
  FROM rows GROUP BY accession
)
SELECT * FROM picked;
