-- The offering terms a prospectus states on its cover page (424B1/B3/B4 final prospectuses, S-1/F-1 registration
-- statements and their amendments): price per share or unit, shares or units offered, the underwriters' over-allotment
-- option, gross proceeds, the price range of a preliminary prospectus, the ticker and exchange of the listing, and
-- whether the securities are already listed on an exchange (`listed`: the cover of a public company's registration).
-- Read from the cover only (the text before the first section such as Prospectus Summary, at most 40,000 characters),
-- where SEC rules (Item 501 of Regulation S-K) put these terms; a term the cover does not state is NULL.
-- Grain: accession (the primary document of each prospectus filing; one company's when p_cik is set). Key: accession.
CREATE OR REPLACE MACRO prospectus_terms(p_cik) AS TABLE
WITH docs AS (
  -- the primary document: the one whose type is the filing's form, else the first the submission lists
  SELECT t.cik, t.accession, t.form, t.filename, t.text
  FROM src_document_text t
  LEFT JOIN (SELECT accession, filename, min(sequence) AS sequence FROM src_filing_documents
             WHERE p_cik IS NULL OR (bucket = cik_bucket(p_cik) AND cik = p_cik) GROUP BY ALL) d
    ON d.accession = t.accession AND d.filename = t.filename
  -- a company's filings by the document list it holds: the text is stored once, under the filing's primary party,
  -- which for a co-registrant's filing is another company
  WHERE (p_cik IS NULL OR t.accession IN (SELECT accession FROM src_filing_documents WHERE bucket = cik_bucket(p_cik) AND cik = p_cik))
    AND (t.form IN ('424B1', '424B3', '424B4', 'S-1', 'S-1/A', 'F-1', 'F-1/A') OR t.type IN ('424B1', '424B3', '424B4'))
  QUALIFY row_number() OVER (PARTITION BY t.accession ORDER BY (t.type = t.form) DESC, d.sequence NULLS LAST, t.filename) = 1
),
covers AS (
  SELECT d.cik, d.accession, d.form,
    substring(d.text, 1, least(coalesce((SELECT min(s.section_start) FROM src_document_sections s
                                          WHERE s.accession = d.accession AND s.filename = d.filename AND s.section_start > 2000),
                                         40000), 40000)) AS cover
  FROM docs d
),
matched AS (
  SELECT cik, accession, form,
    -- the pricing table's first row: "Initial public offering price | $11.00 | $75,020,000"
    regexp_extract(cover, '(?im)^(?:initial )?(?:public offering price|price to (?:the )?public)[^|\n]*\|\s*\$\s?([0-9][0-9,]*(?:\.[0-9]+)?)\s*\|\s*\$\s?([0-9][0-9,]*(?:\.[0-9]+)?)', ['price', 'total']) AS price_row,
    regexp_extract(cover, '(?i)(?:initial )?public offering price (?:is|of) \$\s?([0-9][0-9,]*(?:\.[0-9]+)?) per (?:share|unit|ads|american depositary share)', 1) AS price_text,
    coalesce(
      nullif(regexp_extract(cover, '(?i)we are offering (?:an aggregate of )?([0-9][0-9,]{3,}) (?:shares|units|ordinary shares|american depositary shares|ads)', 1), ''),
      nullif(regexp_extract(cover, '(?im)^([0-9][0-9,]{3,}) (?:shares|units|ordinary shares|american depositary shares|ads)\b', 1), '')) AS shares_text,
    regexp_extract(cover, '(?i)option[^.]{0,200}?to purchase up to (?:an? )?(?:additional |aggregate of )*([0-9][0-9,]{2,}) (?:additional )?(?:shares|units|ordinary shares|american depositary shares|ads)', 1) AS option_text,
    regexp_extract(cover, '(?i)between \$\s?([0-9][0-9,]*(?:\.[0-9]+)?) and \$\s?([0-9][0-9,]*(?:\.[0-9]+)?) per (?:share|unit|ads|american depositary share)', ['low', 'high']) AS range_row,
    -- "Our common stock is listed on The Nasdaq Capital Market under the symbol ...": the securities already trade (a
    -- follow-on or resale registration); an IPO cover says it "has applied to list" or "has been approved for listing"
    regexp_matches(cover, '(?i)\b(?:is|are) (?:currently )?listed on (?:the )?(?:Nasdaq|New York Stock Exchange|NYSE)') AS listed,
    regexp_extract(cover, '(?i)\bon (?:the |The )?(Nasdaq Global Select Market|Nasdaq Global Market|Nasdaq Capital Market|Nasdaq Stock Market|Nasdaq|New York Stock Exchange|NYSE American|NYSE Arca|NYSE)[^.“"]{0,80}?under the (?:trading )?symbols? [“"]([A-Z][A-Z0-9]*(?:[.-][A-Z]+)?)', ['market', 'ticker']) AS listing
  FROM covers
)
SELECT cik, accession, form,
  TRY_CAST(replace(coalesce(nullif(price_row.price, ''), nullif(price_text, '')), ',', '') AS DOUBLE) AS price,
  TRY_CAST(replace(nullif(shares_text, ''), ',', '') AS BIGINT) AS shares_offered,
  TRY_CAST(replace(nullif(option_text, ''), ',', '') AS BIGINT) AS over_allotment_shares,
  TRY_CAST(replace(nullif(price_row.total, ''), ',', '') AS DOUBLE) AS gross_proceeds,
  TRY_CAST(replace(nullif(range_row.low, ''), ',', '') AS DOUBLE) AS price_range_low,
  TRY_CAST(replace(nullif(range_row.high, ''), ',', '') AS DOUBLE) AS price_range_high,
  nullif(listing.ticker, '') AS ticker,
  CASE WHEN listing.market ILIKE 'nasdaq%' THEN 'Nasdaq'
       WHEN listing.market ILIKE 'new york stock exchange' OR listing.market = 'NYSE' THEN 'NYSE'
       ELSE nullif(listing.market, '') END AS exchange,
  nullif(listing.market, '') AS market,
  listed
FROM matched;
