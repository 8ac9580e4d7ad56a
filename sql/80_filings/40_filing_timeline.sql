-- One row per company with filings (p_cik; the companies of cik bucket p_bucket; both NULL: every company): the
-- filing-timeline resource. `recent`: the 10 newest filings, fields absent where the spec omits them (json_compact);
-- `predicted`: the next 10-Q or 10-K anchored on the earnings prediction (the filing's usual distance from its release),
-- the other periodic forms filed at least twice on their own cadence, and each periodic form's historical pattern;
-- `nextEarningsDate`: the earnings prediction, NULL without a prior earnings 8-K. The materialize step stores it per
-- bucket (filing_timeline_stored reads it). Key: cik.
CREATE OR REPLACE MACRO filing_timeline_rows(p_cik, p_bucket) AS TABLE
WITH filings AS MATERIALIZED (
  SELECT * FROM filing_rows(p_cik, p_bucket := p_bucket)
),
-- a bare document ingested without its accession (pseudo-accession content-...) has no EDGAR address to list
newest AS MATERIALIZED (
  SELECT * FROM filings WHERE accession NOT LIKE 'content-%'
  QUALIFY row_number() OVER (PARTITION BY cik ORDER BY filed DESC, accepted DESC NULLS LAST, accession DESC) <= 10
),
-- each newest filing's documents as its submission lists them (filing_documents), once per file whatever the sources
listed AS (
  SELECT d.cik, d.accession, d.filename, min(d.sequence) AS sequence, any_value(d.type) AS type, max(d.size) AS size
  FROM src_filing_documents d SEMI JOIN newest n ON n.cik = d.cik AND n.accession = d.accession
  WHERE (p_cik IS NULL OR (d.bucket = cik_bucket(p_cik) AND d.cik = p_cik)) AND (p_bucket IS NULL OR d.bucket = p_bucket)
    AND d.filename IS NOT NULL
  GROUP BY d.cik, d.accession, d.filename
),
-- the spec's list: exhibits and slides in filing order, not the primary document, not the XBRL and other machine parts,
-- images only from 50 KB (a logo or signature is no slide); an image whose size no source states is left out
attached AS (
  SELECT l.cik, l.accession, list(l.filename ORDER BY l.sequence, l.filename) AS documents
  FROM listed l JOIN newest n USING (cik, accession)
  WHERE l.filename IS DISTINCT FROM n.primary_document
    AND l.sequence > (SELECT min(x.sequence) FROM listed x WHERE x.cik = l.cik AND x.accession = l.accession)
    AND NOT regexp_matches(coalesce(l.type, ''), '^(EX-101|XML|JSON|ZIP|EXCEL|COVER|XBRL)', 'i')
    AND NOT regexp_matches(l.filename, '\.(xml|xsd|json|zip|xlsx|xls|css|js)$', 'i')
    AND (NOT (regexp_matches(l.filename, '\.(jpe?g|gif|png|bmp|tiff?)$', 'i') OR coalesce(l.type, '') = 'GRAPHIC')
         OR coalesce(l.size, 0) >= 51200)
  GROUP BY l.cik, l.accession
),
described AS (
  -- without a document list, the bare file names a source gave, with the same rule (images' sizes unknown: left out)
  SELECT n.* REPLACE (CASE WHEN EXISTS (SELECT 1 FROM listed l WHERE l.cik = n.cik AND l.accession = n.accession) THEN coalesce(a.documents, [])
    ELSE list_filter(n.documents, f -> f IS DISTINCT FROM n.primary_document
      AND NOT regexp_matches(f, '(\.(xml|xsd|json|zip|xlsx|xls|css|js|jpe?g|gif|png|bmp|tiff?)|^R[0-9]+\.htm)$', 'i')) END AS documents),
    -- an item code names its event; a title written out instead of a code (8-Ks before the 2004 renumbering:
    -- "Financial statements and exhibits") is its own name, as written; a bare number (an old code, "5") stays "Item 5"
    CASE WHEN n.form IN ('8-K', '8-K/A') THEN
      (SELECT list(coalesce(i.name, CASE WHEN regexp_matches(code, '^[0-9]+(\.[0-9]+)?$') THEN 'Item ' || code ELSE code END)
         ORDER BY code) FROM unnest(n.items) AS u(code) LEFT JOIN form8k_item_names i USING (code))
    END AS events
  FROM newest n LEFT JOIN attached a USING (cik, accession)
),
recent AS (
  SELECT cik, list(json_compact(json_object(
    'type', form,
    'accessionNumber', accession,
    'url', 'https://www.sec.gov/Archives/edgar/data/' || cik || '/' || replace(accession, '-', '') || '/'
           || coalesce(primary_document, accession || '-index.htm'),
    'dateFiled', strftime(filed, '%Y-%m-%d'),
    'xbrl', is_xbrl,
    'amendment', is_amendment,
    'periodEndDate', strftime(report_date, '%Y-%m-%d'),
    'documents', CASE WHEN len(documents) > 0 THEN documents END,
    'title', CASE WHEN primary_doc_description IS NOT NULL AND upper(trim(primary_doc_description)) NOT IN ('', upper(form))
                  THEN primary_doc_description
                  WHEN len(events) > 0 THEN events[1] END,
    'items', CASE WHEN len(items) > 0 THEN items END,
    'events', CASE WHEN form IN ('8-K', '8-K/A') THEN coalesce(events, []) END
  )) ORDER BY filed DESC, accepted DESC NULLS LAST, accession DESC) AS recent
  FROM described
  GROUP BY cik
),
earnings AS (
  SELECT * FROM earnings_prediction(p_cik, NULL, p_bucket := p_bucket)
),
-- how long after its earnings release each 10-Q / 10-K was filed
release_gaps AS (
  SELECT r.cik, r.annual, f.filed - r.release_date AS gap,
    row_number() OVER (PARTITION BY r.cik, r.annual ORDER BY r.release_date DESC) AS back
  FROM earnings_releases(p_cik, NULL, p_bucket := p_bucket) r
  JOIN filings f ON f.cik = r.cik AND f.report_date = r.period_end AND f.form = CASE WHEN r.annual THEN '10-K' ELSE '10-Q' END
  WHERE r.is_primary AND f.filed >= r.release_date
),
anchored AS (
  SELECT e.cik, CASE WHEN e.annual THEN '10-K' ELSE '10-Q' END AS type,
    (e.expected_date + coalesce((SELECT quantile_disc(gap, 0.5) FROM release_gaps g
                                 WHERE g.cik = e.cik AND g.annual = e.annual AND g.back <= 4), CASE WHEN e.annual THEN 7 ELSE 1 END)::INTEGER)::DATE AS raw_date,
    e.confidence, 'earnings prediction (' || strftime(e.expected_date, '%Y-%m-%d') || ')' AS based_on
  FROM earnings e
  -- a prediction from the releases' own cadence (no 10-Q / 10-K on file) anchors no 10-Q / 10-K
  WHERE e.annual IS NOT NULL
),
cadence AS (
  SELECT * FROM filing_cadence(p_cik, NULL, p_bucket := p_bucket)
),
expected AS (
  SELECT cik, type,
    CASE isodow(raw_date) WHEN 6 THEN raw_date - 1 WHEN 7 THEN raw_date + 1 ELSE raw_date END::DATE AS expected_date,
    confidence, based_on
  FROM anchored
  UNION ALL
  SELECT c.cik, c.form, c.expected_date, c.confidence, strftime(c.last_filed, '%Y-%m-%d')
  FROM cadence c
  -- 10-Q and 10-K follow the earnings prediction when there is one
  WHERE NOT (c.form IN ('10-Q', '10-K') AND EXISTS (SELECT 1 FROM earnings e WHERE e.cik = c.cik))
    -- a lapsed cadence is no prediction: the company went on filing a whole interval past the date this form was due
    -- (Warren Buffett's own 13F-HRs stop in 2007; his Forms 4 go on to 2026)
    AND c.expected_date + c.interval_days >= (SELECT max(f.filed) FROM filings f WHERE f.cik = c.cik)
),
companies AS (
  SELECT DISTINCT cik FROM filings
),
predicted AS (
  SELECT m.cik, json_object(
    'nextExpected', coalesce((SELECT list(json_object('type', x.type, 'expectedDate', strftime(x.expected_date, '%Y-%m-%d'),
        'confidence', x.confidence, 'basedOn', x.based_on) ORDER BY x.expected_date, x.type) FROM expected x WHERE x.cik = m.cik), []),
    -- keys in form order (json_group_object keeps a parallel aggregate's arrival order: same values, other bytes)
    'historicalPattern', coalesce((SELECT to_json(map_from_entries(list((k.form, json_object('typicalMonths', k.typical_months,
        'avgDaysAfterPeriodEnd', k.avg_days_after_period_end)) ORDER BY k.form))) FROM cadence k WHERE k.cik = m.cik AND k.avg_days_after_period_end IS NOT NULL), '{}'::JSON)
  ) AS predicted
  FROM companies m
)
SELECT m.cik, coalesce(r.recent, []) AS recent, p.predicted,
  (SELECT strftime(e.expected_date, '%Y-%m-%d') FROM earnings e WHERE e.cik = m.cik) AS nextEarningsDate
FROM companies m LEFT JOIN recent r USING (cik) JOIN predicted p USING (cik);

-- One row for a company (none without filings): its filing timeline, computed now. Key: none (one row).
CREATE OR REPLACE MACRO filing_timeline(p_cik) AS TABLE
SELECT recent, predicted, nextEarningsDate FROM filing_timeline_rows(p_cik, NULL);
