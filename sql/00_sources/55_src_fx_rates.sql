-- Source view: one row per exchange rate as its source published it (1 base = rate quote on date).
-- Grain: source, date, base, quote. Choose between sources with fx_pair_candidates / fx_rate (sql/30_fx).
CREATE OR REPLACE VIEW src_fx_rates AS
SELECT * FROM read_parquet(getvariable('warehouse') || '/fx_rates/*.parquet', union_by_name = true);
