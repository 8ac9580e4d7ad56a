-- Whether a company is in a refresh's scope: inside the cik range [lo, hi] (either bound NULL: open on that side) and,
-- when ciks is a list, one of them. The period pipeline's macros take them as the optional cik_lo / cik_hi / ciks
-- (default NULL: the whole bucket), so a bucket's refresh can compute its companies a slice at a time, or only the
-- companies an ingest changed (engine/financials/materializePeriods.ts). The range is a BETWEEN over constants, so the
-- Parquet reader prunes row groups by the files' cik statistics.
CREATE OR REPLACE MACRO cik_in_scope(cik, lo, hi, ciks) AS
  cik BETWEEN coalesce(lo, 0) AND coalesce(hi, 9999999999) AND (ciks IS NULL OR list_contains(ciks, cik));
