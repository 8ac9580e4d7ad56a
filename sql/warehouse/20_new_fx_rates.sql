-- Rates of the staged batch that the warehouse does not hold yet: the key is (source, date, base, quote), so
-- re-ingesting a longer copy of a history file adds only its new days.
CREATE OR REPLACE TEMP MACRO new_fx_rates() AS TABLE
WITH staged AS (SELECT * FROM final_fx_rates() QUALIFY row_number() OVER (PARTITION BY row_key) = 1)
SELECT s.* FROM staged s ANTI JOIN (SELECT row_key FROM src_fx_rates) h ON s.row_key = h.row_key
ORDER BY s.base, s.quote, s.date;
