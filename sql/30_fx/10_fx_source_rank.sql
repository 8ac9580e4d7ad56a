-- Grain: scalar. Precedence between rate sources (lower wins), documented in sql/30_fx/README.md: central-bank daily
-- rates first (ECB, then Fed H.10), then the daily snapshot feed, then IMF annual rates (annual averages, which price only
-- their own calendar year's average: fx_annual_average_route), anything else (demo rates) last.
CREATE OR REPLACE MACRO fx_source_rank(source) AS
  CASE source WHEN 'ecb' THEN 10 WHEN 'fred-h10' THEN 11 WHEN 'fx-snapshot' THEN 30 WHEN 'imf' THEN 50 ELSE 90 END;
