-- Grain: scalar. How fund documents name share classes and series in XBRL, read by local name so that a taxonomy year
-- (rr/2023, oef/2024) or a filer's prefix does not matter:
-- the class axis is rr:ProspectusShareClassAxis (risk/return summaries) or oef:ClassAxis (tailored shareholder reports
-- and the oef prospectus successor); its members are EDGAR class ids (fil:C000006333Member) or filer-named classes
-- (fil:ClassAMember), the latter identified through the dei:TradingSymbol / oef:ClassName tagged on the same member.
CREATE OR REPLACE MACRO fund_is_class_axis(axis) AS regexp_matches(axis, '(^|:)(ProspectusShareClassAxis|ClassAxis)$');

CREATE OR REPLACE MACRO fund_is_series_axis(axis) AS regexp_matches(axis, '(^|:)(LegalEntityAxis|SeriesAxis)$');

-- EDGAR's class id (C + 9 digits) inside a member QName, else NULL.
CREATE OR REPLACE MACRO fund_class_id(member) AS nullif(regexp_extract(member, '(C\d{9})', 1), '');

CREATE OR REPLACE MACRO fund_local_name(concept) AS regexp_extract(concept, '[^:]+$');

-- EDGAR's series id (S + 9 digits) inside a member QName, else NULL.
CREATE OR REPLACE MACRO fund_series_id(member) AS nullif(regexp_extract(member, '(S\d{9})', 1), '');

-- Whether a (class id, symbol, series id) row is the fund the caller named: a class (by id or ticker) when one was
-- resolved, else every class of the series, else (nothing given) every class of the registrant.
CREATE OR REPLACE MACRO fund_class_wanted(class_id, symbol, series_id, p_series_id, p_class_id, p_symbol) AS
  CASE
    WHEN p_class_id IS NOT NULL OR p_symbol IS NOT NULL
      THEN coalesce(class_id = upper(trim(p_class_id)), false) OR coalesce(symbol = upper(trim(p_symbol)), false)
    WHEN p_series_id IS NOT NULL THEN coalesce(series_id = upper(trim(p_series_id)), false)
    ELSE true
  END;
