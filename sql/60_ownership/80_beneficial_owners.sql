-- The beneficial-owners resource: one row per reporting person (key: CIK, else owner_name_key) and class, from their most
-- recent Schedule 13D/13G (event date, then filing date), percent of class descending. prevPercentOfClass is the same
-- person's previous report on the class. intent: a 13G is `strategic` (passive or investment only, by the rule it is
-- filed under); a 13D is `active` when Item 4 states plans touching control (board, nominations, proxy, mergers,
-- letters to the board, strategic alternatives...) or states nothing, `strategic` when it gives investment purposes only.
-- isInsider/insiderTitle: the person appears as a reporting owner (CIK, else name key) on the issuer's Forms 3/4/5;
-- the title is the newest such filing's (officer title, Director, 10% Owner, Other).
CREATE OR REPLACE MACRO beneficial_owners(p_cik, p_symbol, p_cusip, p_composite_figi, p_share_class_figi) AS TABLE
WITH scope AS (
  SELECT cusip FROM ownership_scope(p_cik, p_symbol, p_cusip, p_composite_figi, p_share_class_figi)
),
issuer AS (
  SELECT coalesce(p_cik::INTEGER, (SELECT min(cik) FROM cusip_issuers((SELECT list(cusip) FROM scope)))) AS cik
),
reports AS (
  SELECT b.*, coalesce(b.event_date, b.filed) AS report_date,
    coalesce(b.person_cik::VARCHAR, owner_name_key(b.person_name)) AS owner_key
  FROM src_beneficial_owners b
  WHERE b.cusip IN (SELECT cusip FROM scope)
     OR (p_cusip IS NULL AND p_symbol IS NULL AND p_composite_figi IS NULL AND p_share_class_figi IS NULL
         AND b.issuer_cik = p_cik::INTEGER)
  QUALIFY row_number() OVER (PARTITION BY b.accession, b.cusip, b.seq ORDER BY b.source) = 1
),
ordered AS (
  SELECT *,
    lag(percent_of_class) OVER (PARTITION BY owner_key, cusip ORDER BY report_date NULLS FIRST, filed NULLS FIRST, accession) AS prev_pct,
    row_number() OVER (PARTITION BY owner_key, cusip ORDER BY report_date DESC NULLS LAST, filed DESC NULLS LAST, accession DESC) AS pick
  FROM reports
),
insiders AS (
  SELECT o.owner.cik AS cik, owner_name_key(o.owner.name) AS name_key,
    arg_max(CASE
      WHEN o.owner.is_officer THEN coalesce(o.owner.officer_title, 'Officer')
      WHEN o.owner.is_director THEN 'Director'
      WHEN o.owner.is_ten_percent_owner THEN '10% Owner'
      ELSE coalesce(o.owner.other_text, 'Other') END,
      coalesce(f.filed, f.period_of_report, DATE '0001-01-01')) AS title
  FROM insider_filings_of((SELECT cik FROM issuer)) f, LATERAL (SELECT unnest(f.owners) AS owner) o
  GROUP BY ALL
),
latest AS (
  SELECT r.*,
    (SELECT any_value(i.title) FROM insiders i
     WHERE (r.person_cik IS NOT NULL AND i.cik = r.person_cik) OR i.name_key = owner_name_key(r.person_name)) AS insider_title
  FROM ordered r
  WHERE pick = 1
)
SELECT
  person_name AS "reportingPersonName",
  person_cik AS "reportingPersonCik",
  form LIKE '%13D%' AS activist,
  is_amendment AS amendment,
  percent_of_class AS "percentOfClass",
  aggregate_amount AS "aggregateAmountOwned",
  sole_voting AS "soleVotingPower",
  shared_voting AS "sharedVotingPower",
  sole_dispositive AS "soleDispositivePower",
  shared_dispositive AS "sharedDispositivePower",
  type_of_reporting_person AS "typeOfReportingPerson",
  security_class_title AS "securityClassTitle",
  report_date AS "reportDate",
  CASE WHEN accession NOT LIKE 'content-%' THEN accession END AS "accessionNumber",
  CASE WHEN accession NOT LIKE 'content-%' AND coalesce(issuer_cik, filer_cik) IS NOT NULL THEN
    'https://www.sec.gov/Archives/edgar/data/' || coalesce(issuer_cik, filer_cik) || '/' || replace(accession, '-', '') || '/' || accession || '-index.htm'
  END AS "filingUrl",
  regexp_extract(form, '13[DG](/A)?') AS "filingType",
  prev_pct AS "prevPercentOfClass",
  purpose AS "purposeOfTransaction",
  CASE
    WHEN form NOT LIKE '%13D%' THEN 'strategic'
    WHEN purpose IS NULL THEN 'active'
    WHEN regexp_matches(lower(purpose), 'board of directors|letter to the board|nominat|proxy|merger|business combination|strategic alternative|tender offer|going private|take the issuer private|change (in|of|to) (the )?(board|management|control)|not in the best interest|engage in discussions|sale of the (issuer|company)') THEN 'active'
    ELSE 'strategic'
  END AS intent,
  insider_title IS NOT NULL AS "isInsider",
  insider_title AS "insiderTitle"
FROM latest
ORDER BY percent_of_class DESC NULLS LAST, aggregate_amount DESC NULLS LAST, person_name;
