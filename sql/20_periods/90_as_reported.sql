-- Grain: one row per as-reported period of one company, newest first: the /api/financials/as-reported resource.
-- period: 'annual' | 'quarter' | 'ttm'; lim: maximum number of periods (NULL = all); as_of: DATE, only filings
-- accepted on or before it are used (point-in-time, beyond the spec), NULL = everything ingested.
-- Columns are qualified (r.period) because the parameter `period` would otherwise stand in for the column.
CREATE OR REPLACE MACRO as_reported(cik, period, lim, as_of) AS TABLE
SELECT r.period, r.fiscalYear, r.fiscalPeriod, r.dateFiled, r.facts, r.sources, r.derived
FROM period_rows(cik_bucket(cik), cik, as_of) r,
     (SELECT CASE WHEN period IN ('annual', 'quarter', 'ttm') THEN true
                  ELSE error('as_reported: period must be ''annual'', ''quarter'' or ''ttm''') END AS valid) checked
WHERE r.series = period AND checked.valid
ORDER BY r.period DESC
LIMIT lim;
