-- Grain: one row per snapped fact row of a filing's best source (cik, accession, concept, unit, period_start, period_end,
-- tagged_end, ...), with the filing's form, amendment flag, date and vintage; observations_of makes it one value per
-- filing and fact. The same accession may arrive from several sources; its facts come from the richest one as a whole
-- (xbrl-instance > inline-xbrl > companyfacts > fsds), then the most precise value (decimals NULL = INF first).
-- `vintage` orders a company's filings (newest wins): acceptance timestamp from src_filings when known, then filed,
-- then accession; it is a dense rank so that windows and arg_max sort integers, not tuples. An undated filing (a
-- standalone document with no EDGAR header that no filings row claims, keyed by a content hash) ranks oldest and is
-- used only for facts no dated filing reported.
-- Period dates are snapped to the company's own calendar first: a date within 7 days (the fiscal calendar's tolerance
-- for 52/53-week years) of a better-supported period-end date of the same company is that date (a later 10-K that
-- tags an old quarter as ending 2010-07-31 instead of 2010-08-01, month-end-rounded dates), so one fiscal period has
-- one identity from here on. A span's start snaps with the end it follows (start - 1).
CREATE OR REPLACE MACRO fact_candidates(b, c, as_of, cik_lo := NULL, cik_hi := NULL, ciks := NULL) AS TABLE
WITH claimed AS (
  -- a standalone instance or inline document ingested without its EDGAR header carries a content-hash accession
  -- ('hash-...'); it is the filing that the filings index or submissions list for the same company, form (amended or
  -- not) and report period, the one with its document name when several match (EDGAR names the instance
  -- `x_htm.xml` after the primary document `x.htm`). Done here, at query time, so the order of arrival does not matter.
  SELECT h.accession AS pseudo,
         arg_max(r.accession, coalesce(r.primary_document = regexp_replace(h.documents[1], '_htm\.xml$', '.htm'), false)) AS accession
  FROM src_filings h
  JOIN src_filings r
    ON r.cik = h.cik AND r.report_date = h.report_date AND r.accession NOT LIKE 'hash-%'
   AND regexp_replace(r.form, '/A$', '') = regexp_replace(h.form, '/A$', '')
   AND (r.form LIKE '%/A' OR coalesce(r.is_amendment, false)) = (h.form LIKE '%/A' OR coalesce(h.is_amendment, false))
  WHERE h.bucket = b AND r.bucket = b AND (c IS NULL OR h.cik = c) AND cik_in_scope(h.cik, cik_lo, cik_hi, ciks)
    AND h.accession LIKE 'hash-%'
  GROUP BY h.accession
  HAVING count(DISTINCT r.accession) = 1
      OR count(DISTINCT r.accession) FILTER (WHERE r.primary_document = regexp_replace(h.documents[1], '_htm\.xml$', '.htm')) = 1
),
all_sources AS MATERIALIZED (
  SELECT f.* REPLACE (coalesce(m.accession, f.accession) AS accession)
  FROM fact_scope(b, c, as_of, cik_lo := cik_lo, cik_hi := cik_hi, ciks := ciks) f LEFT JOIN claimed m ON m.pseudo = f.accession
),
best_source AS (
  -- each accession's best source (see source_class_rank): a group into one row per filing, far cheaper than a window
  -- partitioned by filing over every fact
  SELECT cik, accession, min(source_class_rank(source)) AS rank FROM all_sources GROUP BY ALL
),
scoped AS NOT MATERIALIZED (
  -- each accession's facts from its best source only. Not materialized: its three readers each repeat the semi join,
  -- which costs less than DuckDB's copy of every row it keeps (fact_candidates over the 280-company bucket, one thread,
  -- 4 alternating rounds: best 2.05 -> 1.37 CPU-s, 0.66x, every round faster; the same rows)
  SELECT a.* FROM all_sources a
  SEMI JOIN best_source s ON s.cik = a.cik AND s.accession IS NOT DISTINCT FROM a.accession AND s.rank = source_class_rank(a.source)
),
end_dates AS (
  -- every period-end date of a company with its support: how many filings and facts reported it, and (on a tie) the
  -- earlier it was first reported the better (the filing whose own period it was, before later re-tagging)
  SELECT cik, period_end AS d,
         (count(DISTINCT accession), count(*), -epoch(coalesce(min(filed), DATE '2999-12-31'))) AS support
  FROM scoped GROUP BY ALL
),
nearest AS (
  SELECT x.cik, x.d, arg_max(y.d, (y.support, y.d)) AS anchor
  FROM end_dates x JOIN end_dates y ON y.cik = x.cik AND y.d BETWEEN x.d - 7 AND x.d + 7
  GROUP BY ALL
),
anchors AS (
  -- followed twice, so a date two small steps from the best-supported one still reaches it; only the dates that move
  -- (most dates are their own anchor), so that the two joins below build on a few rows. Written as the moving dates
  -- and a left join to where their anchor moves on (not as nearest joined to itself, the same rows): DuckDB sizes a
  -- filter of nearest below the facts, and so builds both joins below on the anchors; from the self join it expected
  -- more anchors than facts and built the first one on every fact row instead. 280-company bucket, same process,
  -- alternating: fact_candidates best of 4 2.37 -> 1.51 CPU-s (0.64x), the values step best of 3 11.22 -> 9.17 (0.82x),
  -- every output identical
  SELECT m.cik, m.d, coalesce(m2.anchor, m.anchor) AS anchor
  FROM (FROM nearest WHERE anchor <> d) m
  LEFT JOIN (FROM nearest WHERE anchor <> d) m2 ON m2.cik = m.cik AND m2.d = m.anchor
  WHERE coalesce(m2.anchor, m.anchor) <> m.d
),
snapped AS (
  SELECT s.* REPLACE (coalesce(sa.anchor + 1, s.period_start) AS period_start, coalesce(ea.anchor, s.period_end) AS period_end),
         s.period_end AS tagged_end
  FROM scoped s
  LEFT JOIN anchors ea ON ea.cik = s.cik AND ea.d = s.period_end
  LEFT JOIN anchors sa ON sa.cik = s.cik AND sa.d = s.period_start - 1
  WHERE s.period_end IS NOT NULL -- a fact with no end date has no period (the inner join it replaces dropped it too)
),
filings AS (
  SELECT cik, accession, max(form) AS form, min(filed) AS filed FROM scoped GROUP BY ALL
),
accepted AS (
  SELECT accession, max(accepted) AS accepted, min(filed) AS filed, bool_or(coalesce(is_amendment, false)) AS is_amendment
  FROM src_filings
  WHERE bucket = b AND (c IS NULL OR cik = c) AND cik_in_scope(cik, cik_lo, cik_hi, ciks) AND accession NOT LIKE 'hash-%'
  GROUP BY ALL
),
ranked AS (
  -- a standalone instance states its form as dei:DocumentType ('10-K') and amendments by AmendmentFlag only
  SELECT f.cik, f.accession,
         CASE WHEN coalesce(a.is_amendment, false) AND f.form NOT LIKE '%/A' THEN f.form || '/A' ELSE f.form END AS form,
         f.form LIKE '%/A' OR coalesce(a.is_amendment, false) AS amendment,
         coalesce(a.accepted::DATE, f.filed, a.filed) AS date_filed,
         dense_rank() OVER (PARTITION BY f.cik ORDER BY coalesce(a.accepted, f.filed::TIMESTAMP, a.filed::TIMESTAMP) NULLS FIRST, f.filed NULLS FIRST, f.accession)::INTEGER AS vintage
  FROM filings f LEFT JOIN accepted a USING (accession)
)
-- every snapped row of a filing's best source with the filing's form, amendment flag, date and vintage: a filing may
-- still hold several rows of one fact here (observations_of collapses them)
SELECT s.* EXCLUDE (form), r.form, r.amendment, r.date_filed, r.vintage
FROM snapped s JOIN ranked r USING (cik, accession);

-- Grain: one row per (cik, accession, concept, unit, period_start, period_end) of a relation shaped like
-- fact_candidates (cand names it): a filing's rows of one fact collapsed into its one value, and an undated filing's
-- facts kept only where no dated filing reported them.
CREATE OR REPLACE MACRO observations_of(cand) AS TABLE
WITH collapsed AS (
  -- one filing may tag two nearby dates that snap to one period end (Apple's 10-Q reports the statutory tax rate at
  -- 2017-12-31 (35%) and at 2018-01-01 (21%), both within its quarter end 2017-12-30's tolerance): the date nearest the
  -- period end speaks for it, then the earlier one, so the same warehouse always gives the same answer. The filing's
  -- form, date and vintage are one per accession, so any_value carries them
  SELECT cik, accession, concept, unit, period_start, period_end,
         arg_min(value, (fact_source_rank(source, decimals), abs(tagged_end - period_end), tagged_end, value)) AS value,
         arg_min(decimals, (fact_source_rank(source, decimals), abs(tagged_end - period_end), tagged_end, value)) AS decimals,
         min(fy) AS fy, max(fp) AS fp,
         any_value(form) AS form, any_value(amendment) AS amendment, any_value(date_filed) AS date_filed,
         any_value(vintage) AS vintage
  FROM query_table(cand)
  GROUP BY cik, accession, concept, unit, period_start, period_end
),
undated AS (
  SELECT * FROM collapsed WHERE date_filed IS NULL
),
dated_keys AS (
  -- only for companies that have undated observations (usually none, and then this is empty and cheap)
  SELECT DISTINCT cik, concept, unit, period_start, period_end FROM collapsed
  WHERE date_filed IS NOT NULL AND cik IN (SELECT cik FROM undated)
)
SELECT * FROM collapsed WHERE date_filed IS NOT NULL
UNION ALL
-- an undated observation counts only where no dated filing reported the fact: it is most likely the same report as
-- one of them (whose accession it could not name), and must neither take its credit nor override a later value
-- (null-safe on period_start: instants have none)
SELECT u.* FROM undated u
ANTI JOIN dated_keys d
  ON d.cik = u.cik AND d.concept = u.concept AND d.unit = u.unit
 AND d.period_start IS NOT DISTINCT FROM u.period_start AND d.period_end = u.period_end;

-- Grain: one row per (cik, accession, concept, unit, period_start, period_end): each filing's value of each fact, with
-- the filing's form, amendment flag, date and vintage (see fact_candidates).
CREATE OR REPLACE MACRO fact_observations(b, c, as_of, cik_lo := NULL, cik_hi := NULL, ciks := NULL) AS TABLE
WITH cand AS NOT MATERIALIZED (
  -- observations_of reads it once: a materialized copy of every candidate row only delayed the group (this macro over
  -- the 280-company bucket, one thread, 4 alternating rounds: best 3.98 -> 2.66 CPU-s, 0.67x; the same rows)
  SELECT * FROM fact_candidates(b, c, as_of, cik_lo := cik_lo, cik_hi := cik_hi, ciks := ciks)
)
SELECT * FROM observations_of('cand');
