-- The filing-fee exhibit (EX-FILING FEES, "Exhibit 107", Item 601(b)(107) of Regulation S-K) of a registration
-- statement or prospectus: the maximum aggregate offering price registered, the registration fee it costs and the net
-- fee due after offsets. Read from the exhibit's "Calculation of Filing Fee Tables" (HTML, or inline XBRL in the ffd
-- taxonomy, whose rendered text is the same table). The "Total Offering Amounts" row states the offering and its fee;
-- when it states one amount only (a filer's typo: one column left empty) the per-security rows are summed instead,
-- each row's maximum aggregate offering price being the amount just before its fee rate (0.000xxxxx).
-- Grain: accession (one fee exhibit per filing; one company's when p_cik is set). Key: accession.
CREATE OR REPLACE MACRO filing_fees(p_cik) AS TABLE
WITH exhibits AS (
  SELECT cik, accession, form, text
  FROM src_document_text
  WHERE (type = 'EX-FILING FEES' OR type LIKE 'EX-107%')
    AND (p_cik IS NULL OR (bucket = cik_bucket(p_cik) AND cik = p_cik))
),
rows AS (
  SELECT cik, accession, form,
    regexp_extract_all(regexp_extract(text, '(?im)^total offering amounts?[^\n]*'), '\$\s?([0-9][0-9,]*(?:\.[0-9]+)?)', 1) AS total_row,
    regexp_extract_all(text, '\$\s?([0-9][0-9,]*(?:\.[0-9]+)?)(?:\s*\([0-9]+\))?\s*\|\s*\$?\s?0\.000[0-9]+', 1) AS row_offerings,
    regexp_extract_all(text, '\|\s*\$?\s?0\.000[0-9]+\s*\|\s*\$\s?([0-9][0-9,]*(?:\.[0-9]+)?)', 1) AS row_fees,
    regexp_extract(regexp_extract(text, '(?im)^net fee due[^\n]*'), '\$\s?([0-9][0-9,]*(?:\.[0-9]+)?)\s*$', 1) AS net_due
  FROM exhibits
),
amounts AS (
  SELECT cik, accession, form,
    list_transform(total_row, x -> TRY_CAST(replace(x, ',', '') AS DOUBLE)) AS total_row,
    list_sum(list_transform(row_offerings, x -> TRY_CAST(replace(x, ',', '') AS DOUBLE))) AS summed_offering,
    list_sum(list_transform(row_fees, x -> TRY_CAST(replace(x, ',', '') AS DOUBLE))) AS summed_fee,
    TRY_CAST(replace(nullif(net_due, ''), ',', '') AS DOUBLE) AS net_fee_due
  FROM rows
)
SELECT cik, accession, form,
  CASE WHEN len(total_row) >= 2 THEN total_row[1] ELSE summed_offering END AS max_aggregate_offering_price,
  CASE WHEN len(total_row) >= 2 THEN total_row[2] ELSE coalesce(summed_fee, total_row[1]) END AS registration_fee,
  net_fee_due
FROM amounts;
