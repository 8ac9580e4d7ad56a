-- Staging for the facts dataset. Parsers append flat rows; final_facts() types them; new_facts() keeps
-- only (cik, source, accession) keys the warehouse does not hold yet (the idempotency key), once each.
CREATE OR REPLACE TEMP TABLE stage_facts (
  cik INTEGER, accession VARCHAR, form VARCHAR, filed VARCHAR, concept VARCHAR, unit VARCHAR,
  value DOUBLE, decimals INTEGER, period_start VARCHAR, period_end VARCHAR, dims VARCHAR,
  fy INTEGER, fp VARCHAR, frame VARCHAR, source VARCHAR
);

CREATE OR REPLACE TEMP MACRO final_facts() AS TABLE
WITH typed AS (
  SELECT
    cik, accession, form, filed::DATE AS filed, concept, unit, value, decimals,
    period_start::DATE AS period_start, period_end::DATE AS period_end,
    -- most facts have no dimensions (all of companyfacts): skip parsing '[]' and joining an empty key per row
    CASE WHEN dims IS NULL OR dims = '[]' THEN []::STRUCT(axis VARCHAR, member VARCHAR, typed BOOLEAN)[]
      ELSE list_sort(coalesce(from_json(dims, '[{"axis":"VARCHAR","member":"VARCHAR","typed":"BOOLEAN"}]'), [])) END AS dims,
    fy, fp, frame, source
  FROM stage_facts
)
SELECT
  cik_bucket(cik) AS bucket, cik, accession, form, filed, concept, unit, value, decimals,
  period_start, period_end, dims,
  CASE WHEN len(dims) = 0 THEN '' ELSE array_to_string(list_transform(dims, d -> d.axis || '=' || d.member), '|') END AS dim_key,
  fy, fp, frame, source
FROM typed;
