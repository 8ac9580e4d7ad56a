-- Grain: scalar. Fund rates to the spec's percent. XBRL states percentages as fractions of 1 (pure unit: 0.0053 is
-- 0.53%), so values are multiplied by 100. For fee and expense rates a magnitude above 1 cannot be a fraction (a
-- 100%+ annual fee), so such a value is read as already tagged in percent and served as is; returns and turnover can
-- legitimately exceed 100% and are always multiplied. Rounded to 10 decimals so 0.0053 * 100 reads 0.53, not 0.5299...
CREATE OR REPLACE MACRO fund_pct(v) AS round(v * 100, 10)::DOUBLE;

CREATE OR REPLACE MACRO fund_rate_pct(v) AS
  CASE WHEN v IS NULL THEN NULL WHEN abs(v) > 1 THEN round(v, 10)::DOUBLE ELSE fund_pct(v) END;
