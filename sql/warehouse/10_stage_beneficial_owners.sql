-- Staging for beneficial_owners: one row per reporting person (source, accession, seq) of a Schedule 13D/13G.
CREATE OR REPLACE TEMP TABLE stage_beneficial_owners (
  accession VARCHAR, form VARCHAR, is_amendment BOOLEAN, amendment_no INTEGER, filed VARCHAR, event_date VARCHAR,
  issuer_cik INTEGER, issuer_name VARCHAR, cusip VARCHAR, security_class_title VARCHAR, filer_cik INTEGER, seq INTEGER,
  person_cik INTEGER, person_name VARCHAR, type_of_reporting_person VARCHAR, citizenship VARCHAR, sole_voting DOUBLE,
  shared_voting DOUBLE, sole_dispositive DOUBLE, shared_dispositive DOUBLE, aggregate_amount DOUBLE, percent_of_class DOUBLE,
  member_of_group VARCHAR, purpose VARCHAR, rule VARCHAR, source VARCHAR
);

CREATE OR REPLACE TEMP MACRO final_beneficial_owners() AS TABLE
SELECT accession, upper(form) AS form, is_amendment, amendment_no, filed::DATE AS filed, event_date::DATE AS event_date,
  issuer_cik, issuer_name, upper(trim(cusip)) AS cusip, security_class_title, filer_cik, seq, person_cik, person_name,
  upper(type_of_reporting_person) AS type_of_reporting_person, citizenship, sole_voting, shared_voting, sole_dispositive,
  shared_dispositive, aggregate_amount, percent_of_class, member_of_group, purpose, rule, source
FROM stage_beneficial_owners;
