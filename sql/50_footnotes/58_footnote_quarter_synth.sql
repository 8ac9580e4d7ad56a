-- Grain: one row per (cik, concept, unit, dim_key, fiscal_year) for Q2 and Q3 flows a filer reported only
-- cumulatively: Q2 = H1 - Q1 and Q3 = 9M - H1 of the same concept, unit and dimensions, the two spans starting on the
-- same day. Shaped like footnote_facts (`facts` names such a relation) so it can be unioned with it; a directly tagged
-- quarter always wins, so nothing is synthesized where the filer stated the quarter. date_filed is the later of the
-- two filings used.
CREATE OR REPLACE MACRO footnote_quarter_synth(facts) AS TABLE
WITH flows AS (
  SELECT * FROM query_table(facts) WHERE period_start IS NOT NULL AND label IN ('Q1', 'H1', '9M', 'Q2', 'Q3')
),
pairs AS (
  SELECT later.cik, later.concept, later.unit, earlier.period_end + 1 AS period_start, later.period_end,
         later.dim_key, later.dims, later.axis, later.member,
         later.value - earlier.value AS value, later.decimals, later.accession,
         greatest(later.date_filed, earlier.date_filed) AS date_filed, later.fiscal_year,
         CASE later.label WHEN 'H1' THEN 'Q2' ELSE 'Q3' END AS label
  FROM flows later
  JOIN flows earlier
    ON earlier.cik = later.cik AND earlier.concept = later.concept AND earlier.unit = later.unit
   AND earlier.dim_key = later.dim_key AND earlier.fiscal_year = later.fiscal_year
   AND earlier.period_start = later.period_start
   AND ((later.label = 'H1' AND earlier.label = 'Q1') OR (later.label = '9M' AND earlier.label = 'H1'))
)
SELECT p.* FROM pairs p
ANTI JOIN flows d
  ON d.cik = p.cik AND d.concept = p.concept AND d.unit = p.unit AND d.dim_key = p.dim_key
 AND d.fiscal_year = p.fiscal_year AND d.label = p.label;
