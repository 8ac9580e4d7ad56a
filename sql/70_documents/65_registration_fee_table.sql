-- The "CALCULATION OF REGISTRATION FEE" table on the cover page of a registration statement (S-1, S-3, S-4, S-8, S-11,
-- F-1, F-3, F-4, SB-2, their amendments and automatic shelves, POS AM) or a 424B prospectus, as filed before fees moved
-- to the filing-fee exhibit (Item 601(b)(107) of Regulation S-K, phased in from 2022). Columns, per Form S-1's
-- cover: title of each class of securities, amount to be registered, proposed maximum offering price per unit,
-- proposed maximum aggregate offering price, amount of registration fee; footnotes; sometimes a total row.
-- Read as a rule over the decoded text, the same for an HTML table (one row a line, cells split by " | ") and a
-- 1990s plain-text table (cells split by runs of spaces or leader dots): the table runs from its heading line to the
-- first footnote after a data row. A row's figures are read from the right, because the fee column is the last one
-- and filers merge or leave out the cells to its left (a total row states the aggregate and fee only, dashes stand
-- for "no fee"): fee, aggregate offering price, then the price per unit and the amount registered where the header
-- names those columns. The table's offering and fee are its total row's, else the sum of its rows.
-- Grain: accession (the primary document's first fee table; one company's when p_cik is set). Key: accession.
-- A title without the footnote markers that follow it ("...warrant(2)"), whitespace collapsed.
CREATE OR REPLACE MACRO fee_table_title(t) AS
  nullif(trim(regexp_replace(regexp_replace(t, '\s+', ' ', 'g'), '(?:\s*(?:\((?:[0-9]{1,2}|[a-z])\)|[*†‡]))+\s*$', '')), '');

CREATE OR REPLACE MACRO registration_fee_tables(p_cik) AS TABLE
WITH docs AS (
  SELECT t.cik, t.accession, t.form, t.filename, substring(t.text, 1, 120000) AS head
  FROM src_document_text t
  LEFT JOIN (SELECT accession, filename, min(sequence) AS sequence FROM src_filing_documents
             WHERE p_cik IS NULL OR (bucket = cik_bucket(p_cik) AND cik = p_cik) GROUP BY ALL) d
    ON d.accession = t.accession AND d.filename = t.filename
  -- a company's filings by the document list it holds: the text is stored once, under the filing's primary party,
  -- which for a co-registrant's filing is another company
  WHERE (p_cik IS NULL OR t.accession IN (SELECT accession FROM src_filing_documents WHERE bucket = cik_bucket(p_cik) AND cik = p_cik))
    AND regexp_matches(t.form, '^(?:S-1|S-3|S-4|S-8|S-11|F-1|F-3|F-4|F-10|SB-1|SB-2|S-3ASR|F-3ASR|S-4EF|S-1MEF|S-3MEF|F-1MEF|F-3MEF|POS AM|POS ASR|POS EX|424B[1-8])(?:/A)?$')
  QUALIFY row_number() OVER (PARTITION BY t.accession ORDER BY (t.type = t.form) DESC, d.sequence NULLS LAST, t.filename) = 1
),
headed AS (
  -- the heading stands on a line of its own (the phrase also occurs in the undertakings' running text)
  SELECT *, regexp_extract(head, '(?im)^[ \t|]*calculation\s+of\s+registration\s+fees?\b[^\n]{0,80}$') AS heading
  FROM docs
),
bodies AS (
  SELECT cik, accession, form, filename,
    string_split(substring(head, strpos(head, heading) + length(heading), 20000), chr(10)) AS lines
  FROM headed WHERE heading <> ''
),
lines AS (
  SELECT cik, accession, form, filename, n,
    -- a dollar sign set apart from its number (a cell of its own, or spaced in a text table) belongs to it
    trim(regexp_replace(lines[n], '\$\s+', '$', 'g')) AS line,
    -- a footnote starts at the margin; a wrapped title in a text table is indented
    regexp_matches(lines[n], '(?i)^(?:\(?[0-9]{1,2}\)|\([a-z]\)|\*|†|‡)\s*(?:\|\s*)?\S') AS footnote
  FROM bodies, range(1, least(len(lines), 90) + 1) r(n)
),
cells AS (
  SELECT *,
    list_transform(
      CASE WHEN contains(line, '|') THEN string_split(line, '|') ELSE regexp_split_to_array(line, '\.{2,}\s*|\s{2,}') END,
      c -> trim(c)) AS cells
  FROM lines
),
read AS (
  SELECT *,
    -- a cell stripped of footnote markers: "$287,500,000(1)", "28,750,000 Units(2)"
    list_transform(cells[2:], c -> trim(regexp_replace(c, '\((?:[0-9]{1,2}|[a-zA-Z])\)|[*†‡]+', '', 'g'))) AS bare
  FROM cells
),
valued AS (
  SELECT *,
    list_transform(bare, c -> TRY_CAST(replace(nullif(regexp_extract(c, '^\$?([0-9][0-9,]*(?:\.[0-9]+)?)(?:\s+[A-Za-z][A-Za-z ]{0,40})?$', 1), ''), ',', '') AS DOUBLE)) AS nums,
    -- a cell that is only a footnote marker ("*", "(4)"): a place without a figure, or a note past the last column
    list_transform(cells[2:], c -> regexp_matches(c, '^(?:\((?:[0-9]{1,2}|[a-zA-Z])\)|[*†‡]+)$')) AS markers
  FROM read
),
rows AS (
  SELECT *, list_count(list_filter(nums, x -> x IS NOT NULL)) > 0
            AND TRY_CAST(replace(regexp_extract(cells[1], '^\$?([0-9][0-9,.]*)$', 1), ',', '') AS DOUBLE) IS NULL AS is_row
  FROM valued
),
bounds AS (
  -- the table ends at the first footnote after its first row
  SELECT accession, min(n) FILTER (WHERE is_row) AS first_row,
    coalesce(min(n) FILTER (WHERE footnote AND n > (SELECT min(r2.n) FROM rows r2 WHERE r2.accession = rows.accession AND r2.is_row)), 91) AS last_line
  FROM rows GROUP BY accession
  HAVING min(n) FILTER (WHERE is_row) IS NOT NULL
),
wrapped AS (
  -- a plain-text table (no " | " cells in its body: 1990s filings, <PRE> blocks) wraps a long title onto the lines
  -- below its row, and SEC's format leaves their amount columns empty: such a line continues the title of the row
  -- above, until a blank or rule line, a footnote or the next row (so prose after the table never joins a title)
  SELECT r.*,
    max(CASE WHEN r.is_row THEN r.n END) OVER w AS row_n,
    max(CASE WHEN r.line = '' OR NOT regexp_matches(r.line, '[A-Za-z]') OR r.footnote THEN r.n END) OVER w AS break_n
  FROM rows r JOIN bounds b ON b.accession = r.accession AND r.n BETWEEN b.first_row AND b.last_line - 1
  WHERE NOT EXISTS (SELECT 1 FROM rows t WHERE t.accession = r.accession AND t.n BETWEEN b.first_row AND b.last_line - 1 AND contains(t.line, '|'))
  WINDOW w AS (PARTITION BY r.accession ORDER BY r.n ROWS UNBOUNDED PRECEDING)
),
continued AS (
  SELECT accession, row_n, string_agg(cells[1], ' ' ORDER BY n) AS more
  FROM wrapped
  WHERE NOT is_row AND row_n > coalesce(break_n, 0) AND list_count(list_filter(nums, x -> x IS NOT NULL)) = 0
    AND NOT regexp_matches(cells[1], '^\$?[0-9][0-9,.]*$')
  GROUP BY accession, row_n
),
header AS (
  SELECT r.accession, lower(string_agg(r.line, ' ' ORDER BY r.n)) AS text
  FROM rows r JOIN bounds b ON b.accession = r.accession AND r.n < b.first_row
  GROUP BY r.accession
),
widths AS (
  -- the widest data row shows how many value columns the table has where a stacked text header hides their names
  SELECT r.accession, max(len(r.nums)) AS cells
  FROM rows r JOIN bounds b ON b.accession = r.accession AND r.n BETWEEN b.first_row AND b.last_line - 1
  WHERE r.is_row AND NOT regexp_matches(r.cells[1], '(?i)^total\b') GROUP BY r.accession
),
named AS (
  SELECT r.cik, r.accession, r.form, r.n, concat_ws(' ', fee_table_title(r.cells[1]), fee_table_title(c.more)) AS title, r.nums, r.markers, w.cells,
    coalesce(regexp_matches(h.text, '(?:price|offering)\s+per\s+|per\s+(?:share|unit|security|note|debenture|warrant|right|ads)\b'), false) AS has_unit,
    coalesce(regexp_matches(h.text, 'amount\s+(?:to\s+be|being|registered)'), false) AS has_amount
  FROM rows r JOIN bounds b ON b.accession = r.accession AND r.n BETWEEN b.first_row AND b.last_line - 1
  LEFT JOIN header h ON h.accession = r.accession
  JOIN widths w ON w.accession = r.accession
  LEFT JOIN continued c ON c.accession = r.accession AND c.row_n = r.n
  WHERE r.is_row
),
shaped AS (
  SELECT * REPLACE (width = 4 OR (width = 3 AND has_unit) AS has_unit, width = 4 OR (width = 3 AND NOT has_unit) AS has_amount)
  FROM (SELECT *, least(4, greatest(2 + has_unit::INTEGER + has_amount::INTEGER, cells)) AS width FROM named)
),
trimmed AS (
  -- a trailing marker-only cell past the table's width ("Total | $54,337,500 | $5,928.23 | *") is no column of it
  SELECT *,
    CASE WHEN len(nums) > width AND markers[len(markers)]
         THEN list_slice(nums, 1, len(nums) - 1) ELSE nums END AS kept
  FROM shaped
),
aligned AS (
  -- the last `width` cells are the value columns, the fee last
  SELECT *, list_slice(kept, greatest(1, len(kept) - width + 1), len(kept)) AS v FROM trimmed
),
figures AS (
  SELECT cik, accession, form, n,
    title,
    regexp_matches(title, '(?i)^total\b') AS is_total,
    v[len(v)] AS fee,
    CASE WHEN len(v) >= 2 THEN v[len(v) - 1] END AS aggregate,
    CASE WHEN has_unit AND len(v) >= 3 THEN v[len(v) - 2] END AS unit_price,
    CASE WHEN has_amount AND len(v) >= width THEN v[1] END AS amount
  FROM aligned
),
tables AS (
  SELECT cik, accession, form,
    list({'title': title, 'amount_registered': amount, 'max_offering_price_per_unit': unit_price,
          'max_aggregate_offering_price': aggregate, 'registration_fee': fee} ORDER BY n) FILTER (WHERE NOT is_total) AS rows,
    round(sum(aggregate) FILTER (WHERE NOT is_total), 2) AS summed_offering,
    round(sum(fee) FILTER (WHERE NOT is_total), 2) AS summed_fee,
    arg_min(aggregate, n) FILTER (WHERE is_total) AS total_offering,
    arg_min(fee, n) FILTER (WHERE is_total) AS total_fee
  FROM figures GROUP BY cik, accession, form
)
SELECT cik, accession, form,
  coalesce(total_offering, summed_offering) AS max_aggregate_offering_price,
  coalesce(total_fee, summed_fee) AS registration_fee,
  rows
FROM tables;
