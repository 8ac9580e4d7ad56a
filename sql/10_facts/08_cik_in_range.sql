-- Whether a company is inside the cik range [lo, hi] (either bound NULL: open on that side). The period pipeline's
-- macros take it as the optional cik_lo / cik_hi (default NULL: the whole bucket), so a bucket's refresh can compute
-- its companies a slice at a time (engine/financials/materializePeriods.ts). A BETWEEN over constants, so the Parquet
-- reader prunes row groups by the files' cik statistics.
CREATE OR REPLACE MACRO cik_in_range(cik, lo, hi) AS
  cik BETWEEN coalesce(lo, 0) AND coalesce(hi, 9999999999);
