-- Grain: scalar. The fx_block entry of one row of fx_convert_rows; `name` is the concept or line the row stands for.
CREATE OR REPLACE MACRO fx_entry(name, fx_currency, fx_method, fx_rate, fx_effective_date, period_start, period_end, fx_converted) AS
  {'concept': name, 'currency': fx_currency, 'method': fx_method, 'rate': fx_rate, 'effective_date': fx_effective_date,
   'start_date': period_start::DATE, 'end_date': period_end::DATE, 'converted': fx_converted};
