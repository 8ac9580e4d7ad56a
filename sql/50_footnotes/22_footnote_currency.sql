-- The `currency` of an entry: its monetary values' single currency, NULL when they are mixed or there are none.
-- `units` is the list of units of the entry's values (monetary or not).
CREATE OR REPLACE MACRO footnote_currency(units) AS
  CASE WHEN len(list_distinct(list_filter(units, u -> regexp_full_match(u, '[A-Z]{3}')))) = 1
       THEN list_filter(units, u -> regexp_full_match(u, '[A-Z]{3}'))[1] END;

-- The `currency` parameter of the footnote endpoints, checked: 'original', or an ISO 4217 code (the HTTP layer narrows
-- it to the spec's list, http/params/currency.ts); NULL means the default, USD.
CREATE OR REPLACE MACRO footnote_currency_param(currency) AS
  CASE WHEN currency IS NULL THEN 'USD'
       WHEN currency = 'original' OR regexp_full_match(currency, '[A-Z]{3}') THEN currency
       ELSE error('footnotes: currency must be ''original'' or an ISO 4217 code such as ''USD'' or ''EUR''') END;
