-- Grain: one row per (cik, series, fiscal_year, fiscal_period, concept, unit): quarter_values plus the trailing-twelve-
-- month series ('ttm', fiscal_period 'TTM', one period per quarter end). Over the latest four consecutive fiscal
-- quarters: flows sum; weighted-average share counts are the simple mean of the four quarterly averages rounded
-- half-up to the facts' precision (decimals; whole shares when unknown); per-share figures are recomputed from the
-- trailing numerator / denominator (per_share_values); balances come from the latest quarter. A fact missing from any of the four quarters
-- (e.g. a tag the company stopped using) gets no trailing value: no TTM from stale tags.
-- Lineage is resolved at the outputs, not here: every row gets a row id (rid), and a trailing sum carries no inputs of
-- its own but refs, the rids of its four quarters (a per-share figure: its numerator's then its denominator's), with
-- newest_filed / oldest_seen the greatest / least of theirs. Copying the quarters' concatenated lists through the
-- four-way join and every layer above was the largest cost of a bucket's refresh (docs/periods-profile.md).
-- ttm_of(q) computes the trailing rows alone from a relation shaped like quarter_values with a row id (rid): the bucket
-- table holds the quarter rows first and takes the trailing ones in place (materializePeriods), so that no layer copies
-- every row with its lineage once more; ttm_values(b, c, as_of) is both, on the fly.
CREATE OR REPLACE MACRO ttm_of(q) AS TABLE
WITH quarters AS MATERIALIZED (
  -- the scalars the sums read (the balances take their lineage from q itself): with every quarter row's lineage, this
  -- CTE was 0.68 s of the values step's operators on the 280-company bucket
  SELECT cik, fiscal_year, period_end, concept, unit, kind, value, decimals, rid, newest_filed, oldest_seen,
         fiscal_year * 4 + (right(fiscal_period, 1)::INTEGER - 1) AS idx
  FROM query_table(q) WHERE series = 'quarter'
),
sums AS MATERIALIZED (
  -- the quarter and the three before it, joined by position (a window over nested lineage lists is far slower)
  SELECT coalesce(least(q0.decimals, q1.decimals, q2.decimals, q3.decimals), 0) AS precision, q0.cik, 'ttm' AS series, q0.fiscal_year, 'TTM' AS fiscal_period, q0.period_end, q0.concept, q0.unit, q0.kind,
         CASE q0.kind
           WHEN 'wavg' THEN floor((q0.value + q1.value + q2.value + q3.value) / 4 * pow(10, precision) + 0.5) / pow(10, precision)
           ELSE round(q0.value + q1.value + q2.value + q3.value, 6)
         END AS value,
         CASE q0.kind WHEN 'wavg' THEN precision END::INTEGER AS decimals, 'TTM' AS method,
         [] AS inputs, [q0.rid, q1.rid, q2.rid, q3.rid] AS refs,
         greatest(q0.newest_filed, q1.newest_filed, q2.newest_filed, q3.newest_filed) AS newest_filed,
         least(q0.oldest_seen, q1.oldest_seen, q2.oldest_seen, q3.oldest_seen) AS oldest_seen, q0.idx
  FROM quarters q0
  -- chained (q3 to q2 to q1 to q0) so that every pair the optimizer may join first is tied by position
  JOIN quarters q1 ON q1.cik = q0.cik AND q1.concept = q0.concept AND q1.unit = q0.unit AND q1.idx = q0.idx - 1
  JOIN quarters q2 ON q2.cik = q1.cik AND q2.concept = q1.concept AND q2.unit = q1.unit AND q2.idx = q1.idx - 1
  JOIN quarters q3 ON q3.cik = q2.cik AND q3.concept = q2.concept AND q3.unit = q2.unit AND q3.idx = q2.idx - 1
  WHERE q0.kind IN ('flow', 'wavg')
),
ends AS (
  SELECT DISTINCT cik, idx, fiscal_year, period_end FROM sums
),
balances AS (
  SELECT x.cik, 'ttm' AS series, x.fiscal_year, 'TTM' AS fiscal_period, x.period_end, x.concept, x.unit, x.kind, x.value,
         x.decimals, x.method, x.inputs, x.refs, x.newest_filed, x.oldest_seen
  FROM query_table(q) x
  JOIN ends e ON e.cik = x.cik AND e.idx = x.fiscal_year * 4 + (right(x.fiscal_period, 1)::INTEGER - 1)
  WHERE x.series = 'quarter' AND x.kind = 'balance'
),
eps_filed AS (
  -- the company's per-share concepts and their precision, for every year that has trailing sums
  SELECT e.cik, y.fiscal_year, e.eps_concept, e.eps_unit, e.eps_decimals
  FROM (SELECT cik, concept AS eps_concept, unit AS eps_unit, coalesce(min(decimals), 2) AS eps_decimals
        FROM quarters WHERE kind = 'per_share' GROUP BY ALL) e
  JOIN (SELECT DISTINCT cik, fiscal_year FROM sums) y USING (cik)
),
ttm_flows AS (
  SELECT * EXCLUDE (idx, precision) FROM sums
)
SELECT * FROM ttm_flows
UNION ALL BY NAME SELECT * FROM balances
UNION ALL BY NAME SELECT * FROM per_share_values('eps_filed', 'ttm_flows');

-- The first layer of the bucket table and of ttm_values: quarter_values with a row id (what trailing rows refer to) and
-- the empty formula derived_of's rows fill, so that every later layer appends to it by name.
CREATE OR REPLACE MACRO quarter_rows(b, c, as_of, cik_lo := NULL, cik_hi := NULL, ciks := NULL) AS TABLE
SELECT *, row_number() OVER () AS rid, NULL::VARCHAR AS formula
FROM quarter_values(b, c, as_of, cik_lo := cik_lo, cik_hi := cik_hi, ciks := ciks);

CREATE OR REPLACE MACRO ttm_values(b, c, as_of, cik_lo := NULL, cik_hi := NULL, ciks := NULL) AS TABLE
WITH q AS MATERIALIZED (
  SELECT * EXCLUDE (formula) FROM quarter_rows(b, c, as_of, cik_lo := cik_lo, cik_hi := cik_hi, ciks := ciks)
)
SELECT * FROM q
UNION ALL BY NAME SELECT * FROM ttm_of('q');
