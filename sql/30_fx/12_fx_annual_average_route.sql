-- Grain: scalar. Whether a route (a source, or a cross 'a+b' of two) rests on an annual-average quote. The IMF file
-- the fixtures hold is named end-of-period (ENDA) but states each year's average: COP 2023 = 4,325.96 per USD, the
-- year's mean, where the year-end rate was about 3,822 (Logistic Properties of the Americas' 20-F tags both: average
-- 4,321, closing 3,822); EUR 2023 = 0.9248 = the ECB's 2023 mean, not its 29 December 0.905. Such a quote prices only
-- the average over its own calendar year, never a spot, and is never carried day by day.
CREATE OR REPLACE MACRO fx_annual_average_route(source) AS list_contains(string_split(source, '+'), 'imf');
