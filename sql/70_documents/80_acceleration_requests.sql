-- Acceleration requests: the registrant's letter (CORRESP, under Rule 461) asking the SEC to declare its registration
-- statement effective at a stated date and time ("... request that the effective date of the Registration Statement
-- be accelerated so that it will become effective at 4:00 p.m., Eastern Time, on October 10, 2024"). The date is the
-- first calendar date written after the word "accelerat..." in the same passage; the time, when stated, the clock
-- time of that passage. A letter that names no date (staff comment responses) is not a request and yields no row.
-- Grain: accession (one request letter). Key: accession.
CREATE OR REPLACE MACRO acceleration_requests() AS TABLE
WITH letters AS (
  SELECT t.cik, t.accession, t.form,
    regexp_extract(t.text, '(?is)(request[^.]{0,200}?accelerat.{0,400})', 1) AS passage
  FROM src_document_text t
  WHERE t.form IN ('CORRESP', 'UPLOAD') AND regexp_matches(t.text, '(?i)accelerat')
),
read AS (
  SELECT cik, accession, form,
    regexp_extract(passage, '(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+[0-9]{1,2},\s*[0-9]{4}') AS date_text,
    regexp_extract(passage, '(?i)\b([0-9]{1,2}(?::[0-9]{2})?)\s*([ap])\.?\s*m\b', ['clock', 'half']) AS time_parts
  FROM letters
  WHERE passage <> ''
)
SELECT r.cik, r.accession, r.form, f.filed,
  TRY_CAST(strptime(regexp_replace(r.date_text, '\s+', ' ', 'g'), '%B %d, %Y') AS DATE) AS requested_date,
  CASE WHEN r.time_parts.clock <> '' THEN
    lpad(((TRY_CAST(split_part(r.time_parts.clock, ':', 1) AS INTEGER) % 12) + CASE WHEN lower(r.time_parts.half) = 'p' THEN 12 ELSE 0 END)::VARCHAR, 2, '0')
    || ':' || coalesce(nullif(split_part(r.time_parts.clock, ':', 2), ''), '00') END AS requested_time
FROM read r
-- the letter's filing date from the filing rows of letters only (not the whole filing_index merge)
LEFT JOIN (SELECT accession, min(filed) AS filed FROM src_filings WHERE form IN ('CORRESP', 'UPLOAD') GROUP BY accession) f
  ON f.accession = r.accession
WHERE r.date_text <> '';
