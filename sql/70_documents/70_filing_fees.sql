-- The filing-fee exhibit (EX-FILING FEES, "Exhibit 107", Item 601(b)(107) of Regulation S-K) of a registration
-- statement or prospectus: the maximum aggregate offering price registered, the registration fee it costs and the net
-- fee due after offsets. Read from the exhibit's "Calculation of Filing Fee Tables" (HTML, or inline XBRL in the ffd
-- taxonomy, whose rendered text is the same table). The "Total Offering Amounts" row states the offering and its fee;
-- when it states one amount only (a filer's typo: one column left empty) the per-security rows are summed instead,
-- each row's maximum aggregate offering price being the amount just before its fee rate (0.000xxxxx).
-- Before the exhibit (filings before 2022, and any filing without one) the fees are the cover page's "Calculation of
-- Registration Fee" table (registration_fee_tables); `source` says which ('exhibit' or 'table'), the exhibit winning
-- where a filing has both. `rows` lists the per-security rows (an exhibit's as far as its offering and fee are read).
-- Grain: accession (one fee statement per filing; one company's when p_cik is set). Key: accession.
CREATE OR REPLACE MACRO filing_fees(p_cik) AS TABLE
WITH exhibits AS (
  SELECT cik, accession, form, text
  FROM src_document_text
  WHERE (type = 'EX-FILING FEES' OR type LIKE 'EX-107%')
    -- a company's filings by the document list it holds (the text is stored once, under the primary party)
    AND (p_cik IS NULL OR accession IN (SELECT accession FROM src_filing_documents WHERE bucket = cik_bucket(p_cik) AND cik = p_cik))
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
    list_transform(row_offerings, x -> TRY_CAST(replace(x, ',', '') AS DOUBLE)) AS row_offerings,
    list_transform(row_fees, x -> TRY_CAST(replace(x, ',', '') AS DOUBLE)) AS row_fees,
    list_sum(list_transform(row_offerings, x -> TRY_CAST(replace(x, ',', '') AS DOUBLE))) AS summed_offering,
    list_sum(list_transform(row_fees, x -> TRY_CAST(replace(x, ',', '') AS DOUBLE))) AS summed_fee,
    TRY_CAST(replace(nullif(net_due, ''), ',', '') AS DOUBLE) AS net_fee_due
  FROM rows
),
exhibit_fees AS (
  SELECT cik, accession, form,
    CASE WHEN len(total_row) >= 2 THEN total_row[1] ELSE summed_offering END AS max_aggregate_offering_price,
    CASE WHEN len(total_row) >= 2 THEN total_row[2] ELSE coalesce(summed_fee, total_row[1]) END AS registration_fee,
    net_fee_due, 'exhibit' AS source,
    CASE WHEN len(row_offerings) = len(row_fees) THEN
      list_transform(list_zip(row_offerings, row_fees), r -> {'title': NULL::VARCHAR, 'amount_registered': NULL::DOUBLE,
        'max_offering_price_per_unit': NULL::DOUBLE, 'max_aggregate_offering_price': r[1], 'registration_fee': r[2]}) END AS rows
  FROM amounts
)
SELECT * FROM exhibit_fees
UNION ALL BY NAME
SELECT cik, accession, form, max_aggregate_offering_price, registration_fee, NULL::DOUBLE AS net_fee_due, 'table' AS source, rows
FROM registration_fee_tables(p_cik) t
WHERE NOT EXISTS (SELECT 1 FROM exhibit_fees x WHERE x.accession = t.accession);
