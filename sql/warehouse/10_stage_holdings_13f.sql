-- Staging for holdings_13f: one row per information-table row (source, accession, seq), value as filed.
CREATE OR REPLACE TEMP TABLE stage_holdings_13f (
  accession VARCHAR, seq INTEGER, name_of_issuer VARCHAR, title_of_class VARCHAR, cusip VARCHAR, figi VARCHAR, value DOUBLE,
  shares DOUBLE, share_type VARCHAR, put_call VARCHAR, investment_discretion VARCHAR, other_manager VARCHAR,
  voting_sole DOUBLE, voting_shared DOUBLE, voting_none DOUBLE, source VARCHAR
);

CREATE OR REPLACE TEMP MACRO final_holdings_13f() AS TABLE
SELECT accession, seq, name_of_issuer, title_of_class, upper(trim(cusip)) AS cusip, nullif(trim(figi), '') AS figi, value, shares,
  upper(share_type) AS share_type, nullif(upper(trim(put_call)), '') AS put_call, upper(investment_discretion) AS investment_discretion,
  other_manager, voting_sole, voting_shared, voting_none, source
FROM stage_holdings_13f;
