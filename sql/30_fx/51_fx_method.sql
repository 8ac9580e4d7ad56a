-- Grain: scalar. How a fact converts: 'spot' for instants (balances, per-share prices at a date), 'average' for
-- durations (flows, and per-share money over a period such as EPS), NULL when its unit is not money (shares, pure,
-- ratios, interest rates): those are never converted.
CREATE OR REPLACE MACRO fx_method(unit, period_start) AS
  CASE WHEN fx_unit_currency(unit) IS NULL THEN NULL
       WHEN period_start IS NULL THEN 'spot'
       ELSE 'average' END;
