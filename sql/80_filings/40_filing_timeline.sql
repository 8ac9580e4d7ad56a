-- One row for a company: the filing-timeline resource. `recent`: the 10 newest filings, fields absent where the spec
-- omits them (json_compact); `predicted`: the next 10-Q or 10-K anchored on the earnings prediction (the filing's usual
-- distance from its release), the other periodic forms filed at least twice on their own cadence, and each periodic
-- form's historical pattern; `nextEarningsDate`: the earnings prediction, NULL without a prior earnings 8-K.
CREATE OR REPLACE MACRO filing_timeline(p_cik) AS TABLE
WITH filings AS MATERIALIZED (
  SELECT * FROM filing_rows(p_cik)
),
-- a bare document ingested without its accession (pseudo-accession content-...) has no EDGAR address to list
newest AS (
  SELECT * FROM filings WHERE accession NOT LIKE 'content-%' ORDER BY filed DESC, accepted DESC NULLS LAST, accession DESC LIMIT 10
),
-- each newest filing's documents as its submission lists them (filing_documents), once per file whatever the sources
listed AS (
  SELECT accession, filename, min(sequence) AS sequence, any_value(type) AS type, max(size) AS size
  FROM src_filing_documents
  WHERE bucket = cik_bucket(p_cik) AND cik = p_cik AND filename IS NOT NULL AND accession IN (SELECT accession FROM newest)
  GROUP BY accession, filename
),
-- the spec's list: exhibits and slides in filing order, not the primary document, not the XBRL and other machine parts,
-- images only from 50 KB (a logo or signature is no slide); an image whose size no source states is left out
attached AS (
  SELECT l.accession, list(l.filename ORDER BY l.sequence, l.filename) AS documents
  FROM listed l JOIN newest n USING (accession)
  WHERE l.filename IS DISTINCT FROM n.primary_document
    AND l.sequence > (SELECT min(x.sequence) FROM listed x WHERE x.accession = l.accession)
    AND NOT regexp_matches(coalesce(l.type, ''), '^(EX-101|XML|JSON|ZIP|EXCEL|COVER|XBRL)', 'i')
    AND NOT regexp_matches(l.filename, '\.(xml|xsd|json|zip|xlsx|xls|css|js)$', 'i')
    AND (NOT (regexp_matches(l.filename, '\.(jpe?g|gif|png|bmp|tiff?)$', 'i') OR coalesce(l.type, '') = 'GRAPHIC')
         OR coalesce(l.size, 0) >= 51200)
  GROUP BY l.accession
),
described AS (
  -- without a document list, the bare file names a source gave, with the same rule (images' sizes unknown: left out)
  SELECT n.* REPLACE (CASE WHEN EXISTS (SELECT 1 FROM listed l WHERE l.accession = n.accession) THEN coalesce(a.documents, [])
    ELSE list_filter(n.documents, f -> f IS DISTINCT FROM n.primary_document
      AND NOT regexp_matches(f, '(\.(xml|xsd|json|zip|xlsx|xls|css|js|jpe?g|gif|png|bmp|tiff?)|^R[0-9]+\.htm)$', 'i')) END AS documents),
    CASE WHEN n.form IN ('8-K', '8-K/A') THEN
      (SELECT list(coalesce(i.name, 'Item ' || code) ORDER BY code) FROM unnest(n.items) AS u(code) LEFT JOIN form8k_item_names i USING (code))
    END AS events
  FROM newest n LEFT JOIN attached a USING (accession)
),
recent AS (
  SELECT list(json_compact(json_object(
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
),
earnings AS (
  SELECT * FROM earnings_prediction(p_cik, NULL)
),
-- how long after its earnings release each 10-Q / 10-K was filed
release_gaps AS (
  SELECT r.annual, f.filed - r.release_date AS gap,
    row_number() OVER (PARTITION BY r.annual ORDER BY r.release_date DESC) AS back
  FROM earnings_releases(p_cik, NULL) r
  JOIN filings f ON f.report_date = r.period_end AND f.form = CASE WHEN r.annual THEN '10-K' ELSE '10-Q' END
  WHERE r.is_primary AND f.filed >= r.release_date
),
anchored AS (
  SELECT CASE WHEN e.annual THEN '10-K' ELSE '10-Q' END AS type,
    (e.expected_date + coalesce((SELECT quantile_disc(gap, 0.5) FROM release_gaps g
                                 WHERE g.annual = e.annual AND g.back <= 4), CASE WHEN e.annual THEN 7 ELSE 1 END)::INTEGER)::DATE AS raw_date,
    e.confidence, 'earnings prediction (' || strftime(e.expected_date, '%Y-%m-%d') || ')' AS based_on
  FROM earnings e
),
cadence AS (
  SELECT * FROM filing_cadence(p_cik, NULL)
),
expected AS (
  SELECT type,
    CASE isodow(raw_date) WHEN 6 THEN raw_date - 1 WHEN 7 THEN raw_date + 1 ELSE raw_date END::DATE AS expected_date,
    confidence, based_on
  FROM anchored
  UNION ALL
  SELECT form, expected_date, confidence, strftime(last_filed, '%Y-%m-%d')
  FROM cadence
  -- 10-Q and 10-K follow the earnings prediction when there is one
  WHERE NOT (form IN ('10-Q', '10-K') AND EXISTS (SELECT 1 FROM earnings))
),
predicted AS (
  SELECT json_object(
    'nextExpected', coalesce((SELECT list(json_object('type', type, 'expectedDate', strftime(expected_date, '%Y-%m-%d'),
        'confidence', confidence, 'basedOn', based_on) ORDER BY expected_date, type) FROM expected), []),
    'historicalPattern', coalesce((SELECT json_group_object(form, json_object('typicalMonths', typical_months,
        'avgDaysAfterPeriodEnd', avg_days_after_period_end)) FROM cadence WHERE avg_days_after_period_end IS NOT NULL), '{}'::JSON)
  ) AS predicted
)
SELECT coalesce(r.recent, []) AS recent, p.predicted,
  (SELECT strftime(expected_date, '%Y-%m-%d') FROM earnings) AS nextEarningsDate
FROM recent r, predicted p
WHERE EXISTS (SELECT 1 FROM filings);
