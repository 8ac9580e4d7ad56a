-- Staging for fact_texts: one row per short non-numeric XBRL fact (source, accession, concept, period, dimensions).
-- final_fact_texts() types the rows like final_facts() does, so the two join on the same dimension key.
CREATE OR REPLACE TEMP TABLE stage_fact_texts (
  cik INTEGER, accession VARCHAR, form VARCHAR, filed VARCHAR, concept VARCHAR, value VARCHAR,
  period_start VARCHAR, period_end VARCHAR, dims VARCHAR, source VARCHAR
);

CREATE OR REPLACE TEMP MACRO final_fact_texts() AS TABLE
WITH typed AS (
  SELECT
    cik, accession, form, filed::DATE AS filed, concept, value,
    period_start::DATE AS period_start, period_end::DATE AS period_end,
    list_sort(coalesce(from_json(dims, '[{"axis":"VARCHAR","member":"VARCHAR","typed":"BOOLEAN"}]'), [])) AS dims,
    source
  FROM stage_fact_texts
)
SELECT
  cik_bucket(cik) AS bucket, cik, accession, form, filed, concept, value, period_start, period_end, dims,
  array_to_string(list_transform(dims, d -> d.axis || '=' || d.member), '|') AS dim_key,
  source
FROM typed;
