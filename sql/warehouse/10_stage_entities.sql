-- Staging for the entities dataset: one row per registrant description; identical descriptions are kept once (row_key).
CREATE OR REPLACE TEMP TABLE stage_entities (
  cik INTEGER, name VARCHAR, entity_type VARCHAR, sic VARCHAR, sic_description VARCHAR, category VARCHAR,
  state_of_incorporation VARCHAR, state_of_incorporation_description VARCHAR, fiscal_year_end VARCHAR,
  ein VARCHAR, description VARCHAR, website VARCHAR, phone VARCHAR, tickers VARCHAR, exchanges VARCHAR,
  former_names VARCHAR, business_address VARCHAR, mailing_address VARCHAR,
  insider_transaction_for_owner_exists BOOLEAN, insider_transaction_for_issuer_exists BOOLEAN,
  as_of VARCHAR, source VARCHAR
);

CREATE OR REPLACE TEMP MACRO final_entities() AS TABLE
SELECT
  md5(to_json(s)) AS row_key,
  cik, name, entity_type, sic, sic_description, category, state_of_incorporation,
  state_of_incorporation_description, fiscal_year_end, ein, description, website, phone,
  coalesce(from_json(tickers, '["VARCHAR"]'), []) AS tickers,
  coalesce(from_json(exchanges, '["VARCHAR"]'), []) AS exchanges,
  coalesce(from_json(former_names, '[{"name":"VARCHAR","from":"VARCHAR","to":"VARCHAR"}]'), []) AS former_names,
  from_json(business_address, '{"street1":"VARCHAR","street2":"VARCHAR","city":"VARCHAR","stateOrCountry":"VARCHAR","stateOrCountryDescription":"VARCHAR","zipCode":"VARCHAR"}') AS business_address,
  from_json(mailing_address, '{"street1":"VARCHAR","street2":"VARCHAR","city":"VARCHAR","stateOrCountry":"VARCHAR","stateOrCountryDescription":"VARCHAR","zipCode":"VARCHAR"}') AS mailing_address,
  insider_transaction_for_owner_exists, insider_transaction_for_issuer_exists,
  as_of::DATE AS as_of, source
FROM stage_entities s;
