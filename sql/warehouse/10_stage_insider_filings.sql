-- Staging for insider_filings: one row per (source, accession) of a Form 3/4/5; owners and footnotes arrive as JSON.
CREATE OR REPLACE TEMP TABLE stage_insider_filings (
  accession VARCHAR, issuer_cik INTEGER, issuer_name VARCHAR, issuer_symbol VARCHAR, document_type VARCHAR,
  period_of_report VARCHAR, filed VARCHAR, date_of_original_submission VARCHAR, no_securities_owned BOOLEAN,
  not_subject_to_section16 BOOLEAN, aff10b5_one BOOLEAN, owners VARCHAR, footnotes VARCHAR, remarks VARCHAR, source VARCHAR
);

CREATE OR REPLACE TEMP MACRO final_insider_filings() AS TABLE
SELECT
  cik_bucket(issuer_cik) AS bucket, accession, issuer_cik, issuer_name, upper(nullif(trim(issuer_symbol), '')) AS issuer_symbol,
  document_type, period_of_report::DATE AS period_of_report, filed::DATE AS filed,
  date_of_original_submission::DATE AS date_of_original_submission, no_securities_owned, not_subject_to_section16, aff10b5_one,
  list_transform(
    coalesce(from_json(owners, '[{"cik":"INTEGER","name":"VARCHAR","isDirector":"BOOLEAN","isOfficer":"BOOLEAN","isTenPercentOwner":"BOOLEAN","isOther":"BOOLEAN","officerTitle":"VARCHAR","otherText":"VARCHAR"}]'), []),
    o -> {'cik': o.cik, 'name': o.name, 'is_director': o.isDirector, 'is_officer': o.isOfficer,
          'is_ten_percent_owner': o.isTenPercentOwner, 'is_other': o.isOther, 'officer_title': o.officerTitle, 'other_text': o.otherText}
  ) AS owners,
  coalesce(from_json(footnotes, '[{"id":"VARCHAR","text":"VARCHAR"}]'), []) AS footnotes,
  remarks, source
FROM stage_insider_filings;
