-- Grain: one row per (cik, series, fiscal_year, fiscal_period, concept, unit) for the annual series (FY durations and
-- year-end balances) and the quarterly series (Q1..Q4; Q4 holds the year-end balances), with lineage in `inputs`.
-- Quarters not filed as three-month spans are reconstructed from year-to-date spans, exactly as the spec states:
--   Q2 = H1 - Q1; Q3 = 9M - H1, else 9M - Q1 - Q2; Q4 = FY - 9M, else FY - H1 - Q3, else FY - Q1 - Q2 - Q3
-- (only from spans as filed, never from other reconstructions). Flows subtract; weighted-average share counts are
-- day-weighted, (FY_avg x FY_days - 9M_avg x 9M_days) / Q4_days, rounded to whole shares; per-share figures are
-- recomputed from the reconstructed numerator / denominator (per_share_values), rounded to the filed EPS precision
-- (2 if unknown). A recipe is not used when its inputs are of mixed vintages: an input whose value was restated (a
-- different value for the same concept and span; dated by the first filing in its restatement window that changed any
-- value of that concept) or, for share counts, an input first reported after such a change (another split basis),
-- when another input was last reported before that change. A value first reported as a later year's comparative and
-- never changed is not a restatement. Except for share counts across a stock split: when the inputs restated by that
-- change were all restated by one split factor (value / before, split_factor) and nothing else changed the concept
-- between a stale input's last report and the report they replaced, the stale inputs are multiplied by the factor (a
-- year's count last stated after a split, its 9M count before it: the quarter is on the FY's basis, the one the
-- annual series serves), and the result counts as last seen when its unscaled inputs were (eps_history's split
-- adjustment reads that). The first recipe in the spec's order whose inputs are of one vintage is used; none, no
-- quarter. Nor is a negative share count emitted.
-- inputs: one struct per contributing source: a filing (fact_entry when the fact is listed under it with `before`),
-- or a synthetic reconstruction key (accession = 'Q4-Recon-FY-9M', form = 'Q4-Recon', fact listed with no `before`).
-- refs: always NULL here (ttm_values' trailing rows point at their quarters' rows instead of copying their inputs);
-- newest_filed / oldest_seen: the newest date_filed and the oldest last_seen among the inputs, carried as scalars so
-- that no reader scans the lists for them.
CREATE OR REPLACE MACRO quarter_values(b, c, as_of) AS TABLE
WITH p AS MATERIALIZED (
  SELECT cik, fiscal_year, label, concept, unit, period_start, period_end, days, value, decimals,
         fact_kind(concept, unit, period_start IS NULL) AS kind,
         {accession: supplier, form: supplier_form, date_filed: supplier_date, before: before,
          fact_entry: before IS NOT NULL,
          supplied: supplied_vintage, prev_seen: prev_seen_vintage, last_seen: last_seen_vintage,
          amendments: amendments} AS src
  FROM fact_periods(b, c, as_of)
),
annual AS (
  SELECT cik, 'annual' AS series, fiscal_year, 'FY' AS fiscal_period, period_end, concept, unit, kind, value, decimals,
         NULL::VARCHAR AS method, [src] AS inputs, NULL::BIGINT[] AS refs, src.date_filed AS newest_filed,
         src.last_seen AS oldest_seen
  FROM p WHERE label = 'FY' OR (label = 'Q4' AND kind = 'balance')
),
direct AS MATERIALIZED (
  SELECT cik, 'quarter' AS series, fiscal_year, label AS fiscal_period, period_end, concept, unit, kind, value, decimals,
         NULL::VARCHAR AS method, [src] AS inputs, NULL::BIGINT[] AS refs, src.date_filed AS newest_filed,
         src.last_seen AS oldest_seen
  FROM p WHERE label IN ('Q1', 'Q2', 'Q3', 'Q4')
),
cum AS MATERIALIZED (
  -- every filed span of a (year, concept, unit) side by side
  SELECT cik, fiscal_year, concept, unit, kind,
         max(value) FILTER (WHERE label = 'FY') AS fy, max(days) FILTER (WHERE label = 'FY') AS fy_d,
         max(period_end) FILTER (WHERE label = 'FY') AS fy_e, max(src) FILTER (WHERE label = 'FY') AS fy_s,
         max(value) FILTER (WHERE label = '9M') AS m9, max(days) FILTER (WHERE label = '9M') AS m9_d,
         max(period_end) FILTER (WHERE label = '9M') AS m9_e, max(src) FILTER (WHERE label = '9M') AS m9_s,
         max(value) FILTER (WHERE label = 'H1') AS h1, max(days) FILTER (WHERE label = 'H1') AS h1_d,
         max(period_end) FILTER (WHERE label = 'H1') AS h1_e, max(src) FILTER (WHERE label = 'H1') AS h1_s,
         max(value) FILTER (WHERE label = 'Q1') AS q1, max(days) FILTER (WHERE label = 'Q1') AS q1_d,
         max(src) FILTER (WHERE label = 'Q1') AS q1_s,
         max(value) FILTER (WHERE label = 'Q2') AS q2, max(days) FILTER (WHERE label = 'Q2') AS q2_d,
         max(src) FILTER (WHERE label = 'Q2') AS q2_s,
         max(value) FILTER (WHERE label = 'Q3') AS q3, max(days) FILTER (WHERE label = 'Q3') AS q3_d,
         max(src) FILTER (WHERE label = 'Q3') AS q3_s,
         max(value) FILTER (WHERE label = 'Q4') AS q4
  FROM p WHERE kind IN ('flow', 'wavg')
  GROUP BY ALL
),
recipes AS (
  -- every recipe whose inputs were filed, `pref` its place in the spec's order
  SELECT cik, fiscal_year, 'Q2' AS fiscal_period, h1_e AS period_end, concept, unit, kind, 'Q2-Recon-H1-Q1' AS method,
         1 AS pref, [h1, q1] AS vals, [h1_d, q1_d] AS spans, [h1_s, q1_s] AS srcs
  FROM cum WHERE q2 IS NULL AND h1 IS NOT NULL AND q1 IS NOT NULL
  UNION ALL
  SELECT cik, fiscal_year, 'Q3', m9_e, concept, unit, kind, 'Q3-Recon-9M-H1', 1, [m9, h1], [m9_d, h1_d], [m9_s, h1_s]
  FROM cum WHERE q3 IS NULL AND m9 IS NOT NULL AND h1 IS NOT NULL
  UNION ALL
  SELECT cik, fiscal_year, 'Q3', m9_e, concept, unit, kind, 'Q3-Recon-9M-Q1-Q2', 2, [m9, q1, q2], [m9_d, q1_d, q2_d], [m9_s, q1_s, q2_s]
  FROM cum WHERE q3 IS NULL AND m9 IS NOT NULL AND q1 IS NOT NULL AND q2 IS NOT NULL
  UNION ALL
  SELECT cik, fiscal_year, 'Q4', fy_e, concept, unit, kind, 'Q4-Recon-FY-9M', 1, [fy, m9], [fy_d, m9_d], [fy_s, m9_s]
  FROM cum WHERE q4 IS NULL AND fy IS NOT NULL AND m9 IS NOT NULL
  UNION ALL
  SELECT cik, fiscal_year, 'Q4', fy_e, concept, unit, kind, 'Q4-Recon-FY-H1-Q3', 2, [fy, h1, q3], [fy_d, h1_d, q3_d], [fy_s, h1_s, q3_s]
  FROM cum WHERE q4 IS NULL AND fy IS NOT NULL AND h1 IS NOT NULL AND q3 IS NOT NULL
  UNION ALL
  SELECT cik, fiscal_year, 'Q4', fy_e, concept, unit, kind, 'Q4-Recon-FY-Q1-Q2-Q3', 3, [fy, q1, q2, q3], [fy_d, q1_d, q2_d, q3_d], [fy_s, q1_s, q2_s, q3_s]
  FROM cum WHERE q4 IS NULL AND fy IS NOT NULL AND q1 IS NOT NULL AND q2 IS NOT NULL AND q3 IS NOT NULL
),
restatements AS (
  -- filings that changed an earlier value of a concept: the dates restatement events of that concept became visible
  SELECT cik, concept, unit, list(DISTINCT src.supplied) AS at FROM p WHERE src.before IS NOT NULL GROUP BY ALL
),
based AS (
  -- the restatement event each input's basis dates from: an input restated between its previous report and its
  -- supplier was restated by the first filing in that window that changed any value of the concept; a share count not
  -- restated itself is on the basis of the last such change before it was supplied
  SELECT r.*, x.at AS events,
         list_transform(srcs, s -> CASE WHEN s.before IS NOT NULL
                                        THEN list_min(list_filter(x.at, v -> v > s.prev_seen AND v <= s.supplied))
                                        WHEN kind = 'wavg' THEN list_max(list_filter(x.at, v -> v <= s.supplied)) END) AS bases
  FROM recipes r LEFT JOIN restatements x USING (cik, concept, unit)
),
dated AS (
  -- every input must have been reported since the latest of these (restated_at); `stale` marks those that were not
  SELECT *, list_transform(srcs, s -> s.last_seen < restated_at) AS stale
  FROM (SELECT *, list_max(bases) AS restated_at FROM based)
),
restating AS (
  -- the inputs restated at restated_at (not stale, restated themselves): the ratio each was restated by, and the report
  -- whose value it replaced
  SELECT *,
         list_filter(range(1, len(srcs) + 1), i -> NOT stale[i] AND bases[i] = restated_at AND srcs[i].before IS NOT NULL) AS ri
  FROM dated
),
rebased AS (
  -- a share count's stale inputs are brought to the newest basis when the inputs restated at restated_at were all
  -- restated by one split factor (value / before: split_factor) and no other change of the concept came between a
  -- stale input's last report and the report those inputs replaced: the stale input and the replaced values were then
  -- of one basis, which the factor carries to the new one. k: that factor, NULL when the inputs are left as they are.
  SELECT * EXCLUDE (ri, ks, replaced_seen),
         CASE WHEN kind = 'wavg' AND list_bool_or(stale) AND len(ks) > 0 AND list_count(ks) = len(ks)
                   AND len(list_distinct(ks)) = 1
                   AND list_bool_and(list_transform(range(1, len(srcs) + 1), i -> NOT stale[i]
                         OR len(list_filter(events, e -> e > srcs[i].last_seen AND e <= replaced_seen)) = 0))
              THEN ks[1] END AS k
  FROM (SELECT *, list_transform(ri, i -> split_factor(vals[i] / nullif(srcs[i].before, 0))) AS ks,
               list_max(list_transform(ri, i -> srcs[i].prev_seen)) AS replaced_seen
        FROM restating)
),
computed AS (
  SELECT *,
         spans[1] - list_sum(spans[2:]) AS quarter_days,
         CASE kind
           WHEN 'wavg' THEN round((v[1] * spans[1] - list_sum(list_transform(range(2, len(v) + 1), i -> v[i] * spans[i])))
                                  / nullif(spans[1] - list_sum(spans[2:]), 0))
           ELSE round(v[1] - list_sum(v[2:]), 6)
         END AS value,
         -- a rebased value is on the basis of the inputs reported since the restatement
         list_min(list_transform(list_filter(range(1, len(srcs) + 1), i -> k IS NULL OR NOT stale[i]), i -> srcs[i].last_seen)) AS oldest_seen
  FROM (SELECT *, CASE WHEN k IS NULL THEN vals
                       ELSE list_transform(range(1, len(vals) + 1), i -> CASE WHEN stale[i] THEN vals[i] * k ELSE vals[i] END)
                  END AS v
        FROM rebased)
),
one_vintage AS (
  -- the first recipe in the spec's order whose inputs are of one vintage
  SELECT * FROM computed
  WHERE value IS NOT NULL AND quarter_days > 0
    AND (restated_at IS NULL OR restated_at <= oldest_seen)
    AND NOT (unit = 'shares' AND value < 0)
  QUALIFY row_number() OVER (PARTITION BY cik, fiscal_year, fiscal_period, concept, unit ORDER BY pref) = 1
),
reconstructed AS (
  SELECT cik, 'quarter' AS series, fiscal_year, fiscal_period, period_end, concept, unit, kind, value, NULL::INTEGER AS decimals, method,
         list_prepend({accession: method, form: split_part(method, '-', 1) || '-Recon', date_filed: NULL::DATE, before: NULL::DOUBLE,
                       fact_entry: true, supplied: NULL::INTEGER, prev_seen: NULL::INTEGER, last_seen: NULL::INTEGER, amendments: NULL},
                      list_transform(srcs, s -> struct_update(s, fact_entry := false))) AS inputs,
         NULL::BIGINT[] AS refs, list_max(list_transform(srcs, s -> s.date_filed)) AS newest_filed, oldest_seen
  FROM one_vintage
),
quarters AS MATERIALIZED (
  SELECT * FROM direct
  UNION ALL BY NAME
  SELECT * FROM reconstructed
),
eps_filed AS (
  -- per-share concepts the company files for the year's cumulative spans, with their precision
  SELECT cik, fiscal_year, concept AS eps_concept, unit AS eps_unit, coalesce(min(decimals), 2) AS eps_decimals
  FROM p WHERE kind = 'per_share' AND label IN ('FY', '9M', 'H1')
  GROUP BY ALL
),
eps AS (
  SELECT * REPLACE (list_transform(inputs, s -> struct_update(s, fact_entry := s.form LIKE '%-Recon')) AS inputs)
  FROM per_share_values('eps_filed', 'quarters') x
  WHERE NOT EXISTS (SELECT 1 FROM direct d WHERE d.cik = x.cik AND d.fiscal_year = x.fiscal_year
                    AND d.fiscal_period = x.fiscal_period AND d.concept = x.concept AND d.unit = x.unit)
)
SELECT * FROM annual
UNION ALL BY NAME SELECT * FROM quarters
UNION ALL BY NAME SELECT * FROM eps;
