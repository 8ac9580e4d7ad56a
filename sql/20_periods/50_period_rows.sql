-- Grain: one row per (cik, series, period): an as-reported period in the spec's shape (series: annual | quarter | ttm).
-- facts: concept -> value; a concept filed in several units in one period keeps the company's most used unit.
-- sources: accession -> {type, dateFiled, amendment, facts: {concept: {before}}}, where a filing appears when it
-- supplied a surviving value (the first filing or the one that changed it; identical re-tagging supplies nothing),
-- and every /A filing that reported one of the period's facts is kept even with empty facts; a fact is listed under a
-- filing only when that filing changed it (`before` = the value in the immediately prior filing). Synthetic keys
-- (Q4-Recon-FY-9M, ...) list the facts they reconstructed and have no dateFiled. derived: concept -> formula.
-- dateFiled: acceptance date of the newest filing among the sources.
-- period_rows_of(vals) does the work on a relation shaped like derived_values (a caller's CTE, or the bucket table
-- materializePeriods computes once and shares with standard_values_of); period_rows(b, c, as_of) computes it on the fly.
-- A trailing row's sources are those of the rows its refs name (rids of its quarters): vals must hold those rows too.
CREATE OR REPLACE MACRO period_rows_of(vals) AS TABLE
WITH v AS NOT MATERIALIZED (
  -- a name for the caller's relation, read where it lies: DuckDB materializes a CTE read more than once, and copying
  -- the bucket table (every row with its lineage lists) cost more than scanning it again at each read (the periods
  -- output over a stored 280-company bucket table, one thread, best of 3 in two alternating pairs: 5.19 -> 4.05 and
  -- 5.05 -> 3.68 CPU-s, 0.75x; rows identical)
  SELECT * FROM query_table(vals)
),
unit_use AS (
  SELECT cik, unit, count(*) AS n FROM v GROUP BY ALL
),
contested_keys AS (
  -- (period, concept) pairs filed in more than one unit (rows without a unit do not count), found by a count alone, so
  -- that the struct-keyed arg_max of `contested` runs on these keys only (0.92x of this output); its semi join is
  -- NULL-safe because GROUP BY groups NULLs together
  SELECT cik, series, period_end, fiscal_period, concept FROM v WHERE unit IS NOT NULL GROUP BY ALL HAVING count(*) > 1
),
contested AS (
  -- the unit that wins a contested key: the company's most used one (equally used units: the one sorting last, so
  -- that the answer never depends on the order rows arrive in)
  SELECT v.cik, v.series, v.period_end, v.fiscal_period, v.concept, arg_max(v.unit, (u.n, v.unit)) AS unit
  FROM v SEMI JOIN contested_keys k
    ON v.cik = k.cik AND v.concept = k.concept AND v.series IS NOT DISTINCT FROM k.series
   AND v.period_end IS NOT DISTINCT FROM k.period_end AND v.fiscal_period IS NOT DISTINCT FROM k.fiscal_period
  JOIN unit_use u USING (cik, unit)
  GROUP BY ALL
),
chosen AS MATERIALIZED (
  -- one value per (period, concept) whatever the layers below produced: a duplicate key must never reach
  -- map_from_entries (it raises "Map keys must be unique" and the whole company's series fails). A key that is not
  -- contested has one row (contested counts every row of a key, NULL keys together, as the window does), so only
  -- the contested keys (and a NULL period_end, which no join matches) go through the window: over every row with its
  -- lineage, the window was the largest operator of this output
  SELECT v.* FROM v
  ANTI JOIN contested k USING (cik, series, period_end, fiscal_period, concept)
  WHERE v.period_end IS NOT NULL
  UNION ALL
  (SELECT v.* FROM v
   LEFT JOIN contested k USING (cik, series, period_end, fiscal_period, concept)
   WHERE k.unit = v.unit OR (k.unit IS NULL AND v.period_end IS NULL)
   QUALIFY row_number() OVER (PARTITION BY cik, series, period_end, fiscal_period, concept
                              ORDER BY fiscal_year DESC, method NULLS FIRST, value) = 1)
),
referenced AS MATERIALIZED (
  -- the inputs of every row a trailing value points at (its quarters), unnested once per row: a quarter row is
  -- referenced by up to four trailing periods (and their per-share figures), which used to unnest it each time. Only
  -- the fields the sources read are kept (with the whole lineage struct materialized here and in contributions, the
  -- periods output of the 280-company bucket cost 8.05 CPU-s, 5.81 without)
  SELECT rid, s.accession, s.form, s.date_filed, s.fact_entry, s.before, s.amendments, i
  FROM (SELECT rid, unnest(inputs) AS s, generate_subscripts(inputs, 1) AS i
        FROM v WHERE rid IN (SELECT unnest(refs) FROM chosen))
),
own AS MATERIALIZED (
  -- a value's own inputs, each in its place in the list the layers below once concatenated (ord)
  SELECT cik, series, period_end, fiscal_period, concept, s.accession AS key, s.form AS type, s.date_filed, s.fact_entry,
         s.before, s.amendments, ord
  FROM (SELECT cik, series, period_end, fiscal_period, concept, unnest(inputs) AS s, generate_subscripts(inputs, 1) AS ord
        FROM chosen)
),
ref_rows AS MATERIALIZED (
  -- the rows a trailing value refers to, each in its place (pos): their inputs come after its own, in that order
  SELECT cik, series, period_end, fiscal_period, concept, unnest(refs) AS rid, generate_subscripts(refs, 1) AS pos
  FROM chosen WHERE refs IS NOT NULL
),
-- A period's sources in two streams: the filings (every input and amendment: type, dateFiled) and the facts listed
-- under them (the inputs that changed a value: fact, before). One stream of both, grouped per (source, fact) and then
-- per source, carried every filing row through the larger group with the fact columns (280-company bucket, over a
-- stored bucket table, best of 3: 4.36 -> 4.03 CPU-s for this output, 0.92x)
fact_contributions AS (
  -- where two inputs list one filing under the same fact, the first one's `before` is shown (ord)
  SELECT cik, series, period_end, fiscal_period, key, concept AS fact, before, ord FROM own WHERE fact_entry
  UNION ALL
  SELECT r.cik, r.series, r.period_end, r.fiscal_period, q.accession, r.concept, q.before, r.pos * 4096 + q.i
  FROM ref_rows r JOIN (FROM referenced WHERE fact_entry) q USING (rid)
),
filing_contributions AS (
  SELECT cik, series, period_end, fiscal_period, key, type, date_filed FROM own
  UNION ALL
  SELECT r.cik, r.series, r.period_end, r.fiscal_period, q.accession, q.form, q.date_filed
  FROM ref_rows r JOIN referenced q USING (rid)
  UNION ALL
  -- every /A filing that reported one of the period's facts, even where it changed none
  SELECT cik, series, period_end, fiscal_period, a.accession, a.form, a.date_filed
  FROM (SELECT cik, series, period_end, fiscal_period, unnest(amendments) AS a FROM own WHERE amendments IS NOT NULL)
  UNION ALL
  SELECT cik, series, period_end, fiscal_period, a.accession, a.form, a.date_filed
  FROM (SELECT r.cik, r.series, r.period_end, r.fiscal_period, unnest(q.amendments) AS a
        FROM ref_rows r JOIN (FROM referenced WHERE amendments IS NOT NULL) q USING (rid))
),
-- a headerless document no filing claimed has only a content-hash key, not an accession: its values are served,
-- but it is not a source
entry_facts AS (
  -- one row per (period, source, fact): the fact map below must not see a fact twice
  SELECT cik, series, period_end, fiscal_period, key, fact, arg_min(before, ord) AS before
  FROM fact_contributions WHERE key NOT LIKE 'hash-%' GROUP BY cik, series, period_end, fiscal_period, key, fact
),
-- The JSON of the sources is written as text, each member `"key":value` with the key as to_json writes it, members
-- sorted as text and joined, and typed JSON once at the end: the bytes json_object and to_json(map_from_entries(
-- list_sort(...))) wrote, since a member sorts by its key as long as no key holds a character below '"' (0x22: spaces,
-- '!', control characters; concepts are XBRL names and keys accessions, which hold none). Periods output over a stored
-- 280-company bucket table, best of 3: 4.07 -> 3.69 CPU-s (0.91x) for the facts under each source, then 4.00 -> 3.45
-- (0.86x) for the sources; rows identical
fact_maps AS (
  SELECT cik, series, period_end, fiscal_period, key,
         '{' || array_to_string(list_sort(list(to_json(fact)
           || CASE WHEN before IS NULL THEN ':{}' ELSE ':{"before":' || to_json(before) || '}' END)), ',') || '}' AS entry_facts
  FROM entry_facts GROUP BY ALL
),
source_entries AS (
  SELECT k.cik, k.series, k.period_end, k.fiscal_period, k.key, k.date_filed, k.type,
         coalesce(m.entry_facts, '{}') AS entry_facts
  FROM (SELECT cik, series, period_end, fiscal_period, key, max(date_filed) AS date_filed, any_value(type) AS type
        FROM filing_contributions WHERE key NOT LIKE 'hash-%' GROUP BY ALL) k
  LEFT JOIN fact_maps m USING (cik, series, period_end, fiscal_period, key)
),
sources AS (
  SELECT cik, series, period_end, fiscal_period, max(date_filed) AS date_filed,
         -- keys sorted (as facts and derived are): json_group_object keeps the arrival order of a parallel aggregate,
         -- which made one answer's bytes differ between two materializations of the same facts (and between the
         -- stored and the on-the-fly answer)
         -- (a synthetic key has no dateFiled)
         ('{' || array_to_string(list_sort(list(to_json(key) || ':{"type":' || coalesce(to_json(type), 'null')
           || CASE WHEN date_filed IS NULL THEN '' ELSE ',"dateFiled":"' || strftime(date_filed, '%Y-%m-%d') || '"' END
           || ',"amendment":' || coalesce((type LIKE '%/A')::VARCHAR, 'null') || ',"facts":' || entry_facts || '}')), ',')
          || '}')::JSON AS sources
  FROM source_entries GROUP BY ALL
),
facts AS (
  SELECT cik, series, period_end, fiscal_period, max(fiscal_year) AS fiscal_year,
         map_from_entries(list_sort(list((concept, value)))) AS facts,
         map_from_entries(list_sort(coalesce(list((concept, formula)) FILTER (WHERE formula IS NOT NULL), []))) AS derived
  FROM chosen GROUP BY ALL
)
SELECT f.cik, f.series, strftime(f.period_end, '%Y-%m-%d') AS period, f.fiscal_year::INTEGER AS fiscalYear,
       f.fiscal_period AS fiscalPeriod, strftime(s.date_filed, '%Y-%m-%d') AS dateFiled,
       f.facts, coalesce(s.sources, json_object()) AS sources, f.derived
FROM facts f LEFT JOIN sources s USING (cik, series, period_end, fiscal_period);

CREATE OR REPLACE MACRO period_rows(b, c, as_of) AS TABLE
WITH period_values AS MATERIALIZED (
  SELECT * FROM derived_values(b, c, as_of)
)
SELECT * FROM period_rows_of('period_values');
