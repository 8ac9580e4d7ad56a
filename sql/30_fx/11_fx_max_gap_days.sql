-- Grain: scalar. The oldest rate that may stand in for a day: a rate published up to 7 calendar days before it
-- carries over weekends and holidays (Easter is 4 days); a series that stopped (RUB at the ECB in 2022) or an annual
-- IMF rate stops pricing a week after its last observation instead of being carried for ever.
CREATE OR REPLACE MACRO fx_max_gap_days() AS 7;
