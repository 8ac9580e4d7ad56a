-- Scalar helper of earnings_trends: compound annual growth rate in percent over `years`, null unless both ends are
-- positive (a CAGR across a sign change or from zero has no meaning).
CREATE OR REPLACE MACRO cagr_pct(last_value, first_value, years) AS
  CASE WHEN last_value > 0 AND first_value > 0 THEN 100 * (pow(last_value / first_value, 1.0 / years) - 1) END;
