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
