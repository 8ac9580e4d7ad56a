-- The `currency` of an entry: its monetary values' single currency, NULL when they are mixed or there are none.
-- `units` is the list of units of the entry's values (monetary or not).
CREATE OR REPLACE MACRO footnote_currency(units) AS
  CASE WHEN len(list_distinct(list_filter(units, u -> regexp_full_match(u, '[A-Z]{3}')))) = 1
       THEN list_filter(units, u -> regexp_full_match(u, '[A-Z]{3}'))[1] END;

-- The `currency` parameter of the footnote endpoints, checked: conversion into other currencies arrives with FX.
CREATE OR REPLACE MACRO footnote_currency_param(currency) AS
  CASE WHEN coalesce(currency, 'USD') IN ('USD', 'original') THEN coalesce(currency, 'USD')
       ELSE error('footnotes: currency must be ''USD'' or ''original'' (conversion into other currencies is not available yet)') END;
