-- Grain: one row per (period, line, rank) of `periods` (a relation of cik, series, fiscal_year, fiscal_period,
-- period_end) whose derivation of round n (standard_derivations) applies to the lines in `lines` (shaped like
-- standard_values_of's filed lines), with its value, unit, kind, newest filing date and oldest last-seen vintage.
-- A derivation applies in a period when every required term is present there with a value, in one unit; an absent
-- optional term counts as 0. Each round is computed from the terms present (the lines joined to the derivations that
-- name them: a small build side), then joined to the periods they belong to. Before, every period times every
-- derivation term was left-joined to the lines, which hashed all of a bucket's lines (765k in the 280-company
-- bucket) in each round. The same rows; 280-company bucket, one thread, idle box, alternating: these rows over a
-- stored bucket table 2.92 -> 1.85 CPU-s (best of 2 x 5 rounds, 0.63x), the statements output 5.40 -> 3.07 and
-- 4.97 -> 3.40 (two A/Bs, best of 3, 0.57x and 0.68x)
CREATE OR REPLACE MACRO derivation_round(lines, periods, n) AS TABLE
SELECT p.cik, p.series, p.fiscal_year, p.fiscal_period, p.period_end, t.line, t.rank, t.value, t.unit, t.kind,
       t.date_filed, t.last_seen
FROM query_table(periods) p
JOIN (
  SELECT f.cik, f.series, f.period_end, f.fiscal_period, d.line, d.rank,
         round(sum(d.coef * coalesce(f.value, 0)), 6) AS value, any_value(f.unit) AS unit, any_value(f.kind) AS kind,
         max(f.date_filed) AS date_filed, min(f.last_seen) AS last_seen
  FROM query_table(lines) f JOIN standard_derivations d ON d.round = n AND d.term = f.line
  JOIN (SELECT line, rank, count(*) FILTER (WHERE required) AS required_terms FROM standard_derivations
        WHERE round = n GROUP BY ALL) r ON r.line = d.line AND r.rank = d.rank
  GROUP BY f.cik, f.series, f.period_end, f.fiscal_period, d.line, d.rank
  HAVING count(DISTINCT d.term) FILTER (WHERE d.required AND f.value IS NOT NULL) = any_value(r.required_terms)
     AND count(*) FILTER (WHERE d.required AND f.value IS NULL) = 0
     AND count(DISTINCT f.unit) = 1
) t ON t.cik = p.cik AND t.series = p.series AND t.period_end = p.period_end AND t.fiscal_period = p.fiscal_period;

-- Grain: one row per (period, line) of `periods` that round n derives (derivation_round) and `lines` has no value of:
-- the best-ranked derivation that applies, with its formula as the source (e.g. 'revenue - costOfRevenue'), shaped
-- like standard_values_of's filed lines (derived, method 'derived', in the reporting currency by construction).
CREATE OR REPLACE MACRO derived_lines(lines, periods, n) AS TABLE
WITH formulas AS (
  SELECT line, rank,
         string_agg(CASE WHEN coef < 0 THEN ' - ' ELSE ' + ' END || term || CASE WHEN required THEN '' ELSE ' (if filed)' END, ''
                    ORDER BY coef < 0, term) AS formula
  FROM standard_derivations WHERE round = n GROUP BY ALL
)
SELECT r.cik, r.series, r.fiscal_year, r.fiscal_period, r.period_end, r.line, r.value, r.unit, r.kind,
       ltrim(ltrim(fm.formula, ' '), '+ ') AS source, true AS derived, 'derived' AS method, r.rank, true AS in_reporting,
       r.date_filed, r.last_seen
FROM (SELECT unnest(best) FROM (SELECT arg_min(x, x.rank) AS best FROM derivation_round(lines, periods, n) x
      GROUP BY x.cik, x.series, x.fiscal_year, x.fiscal_period, x.period_end, x.line)) r
JOIN formulas fm ON fm.line = r.line AND fm.rank = r.rank
ANTI JOIN query_table(lines) f ON f.cik = r.cik AND f.series = r.series AND f.period_end = r.period_end
                               AND f.fiscal_period = r.fiscal_period AND f.line = r.line;
