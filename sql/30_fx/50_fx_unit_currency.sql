-- Grain: scalar. The currency a fact's unit is money in, or NULL when the unit is not money and is never converted:
-- `EUR` -> EUR, `EUR/shares` (per-share money, e.g. EPS) -> EUR; `shares`, `pure`, `USD/EUR` (an exchange rate),
-- `EUR/MWh` and other ratios -> NULL. Units are stored without the iso4217: prefix (engine/ingest/rows.ts).
CREATE OR REPLACE MACRO fx_unit_currency(unit) AS
  CASE WHEN regexp_full_match(unit, '[A-Z]{3}') THEN unit
       WHEN regexp_full_match(unit, '[A-Z]{3}/shares?') THEN left(unit, 3)
  END;
