-- Whether a form type is a periodic financial report (annual, quarterly, foreign annual or interim), amended or not.
-- 8-K exhibits, proxies and prospectuses carry XBRL too but are not the financial statements.
CREATE OR REPLACE MACRO is_periodic_form(form) AS
  regexp_full_match(coalesce(form, ''), '(10-K|10-KT|10-K405|10-Q|10-QT|20-F|40-F|6-K)(/A)?');
