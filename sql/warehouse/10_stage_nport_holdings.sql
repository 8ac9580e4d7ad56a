-- Staging for nport_holdings: one row per (source, accession, seq) holding of an N-PORT report, as filed. CUSIPs and
-- ISINs that filers write as placeholders (all zeros, N/A) become NULL: they identify nothing. lookup_cusip is derived.
CREATE OR REPLACE TEMP TABLE stage_nport_holdings (
  accession VARCHAR, seq INTEGER, name VARCHAR, lei VARCHAR, title VARCHAR, cusip VARCHAR, isin VARCHAR, ticker VARCHAR,
  other_ids VARCHAR, balance DOUBLE, units VARCHAR, currency VARCHAR, value_usd DOUBLE, pct_val DOUBLE, payoff_profile VARCHAR,
  asset_cat VARCHAR, issuer_cat VARCHAR, country VARCHAR, is_restricted BOOLEAN, fair_val_level VARCHAR, derivative VARCHAR,
  source VARCHAR
);

CREATE OR REPLACE TEMP MACRO final_nport_holdings() AS TABLE
WITH cleaned AS (
  SELECT *,
    CASE WHEN regexp_full_match(upper(trim(cusip)), '[0-9A-Z*@#]{9}') AND NOT regexp_full_match(trim(cusip), '0{9}')
      THEN upper(trim(cusip)) END AS cusip_filed,
    CASE WHEN regexp_full_match(upper(trim(isin)), '[A-Z]{2}[0-9A-Z]{9}[0-9]') THEN upper(trim(isin)) END AS isin_filed
  FROM stage_nport_holdings
)
SELECT accession, seq, name, nullif(upper(trim(lei)), 'N/A') AS lei, title, cusip_filed AS cusip, isin_filed AS isin,
  nullif(nullif(upper(trim(ticker)), ''), 'N/A') AS ticker,
  coalesce(from_json(other_ids, '[{"desc":"VARCHAR","value":"VARCHAR"}]'), []) AS other_ids,
  balance, upper(units) AS units, upper(currency) AS currency, value_usd, pct_val, payoff_profile, asset_cat, issuer_cat,
  upper(country) AS country, is_restricted, fair_val_level, derivative::JSON AS derivative, source,
  -- the CUSIP a lookup matches: as filed, else the one a US or Canadian ISIN embeds (derived, not filed)
  coalesce(cusip_filed, CASE WHEN left(isin_filed, 2) IN ('US', 'CA') THEN substr(isin_filed, 3, 9) END) AS lookup_cusip
FROM cleaned;
