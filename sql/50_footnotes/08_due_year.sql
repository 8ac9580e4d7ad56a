-- The maturity year a debt member's name states ('aapl:A1.000NotesDue2022Member' -> 2022), never a tagged date:
-- the year after "Due"/"Maturing" when present, else the last standalone 19xx/20xx token; NULL when there is none.
CREATE OR REPLACE MACRO due_year(member) AS
  coalesce(
    TRY_CAST(nullif(regexp_extract(split_part(member, ':', 2), '(?i)(?:due|matur\w*?|expir\w*?)\D{0,3}((?:19|20)\d\d)(?:\D|$)', 1), '') AS INTEGER),
    TRY_CAST(nullif(regexp_extract(split_part(member, ':', 2), '(?:^|\D)((?:19|20)\d\d)(?:\D*)$', 1), '') AS INTEGER));
