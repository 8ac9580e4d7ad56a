-- Grain: one row per word that names a return period inside a member name (reference table). Shareholder reports and
-- prospectuses tell a class's average annual returns apart either by the context's length or by a member on a
-- period axis (srt:RangeAxis, oef's or a filer's own): oef:OneYearMember, fil:Past5YearsMember, fil:Year10Member,
-- fil:LifeOfFundMember, fil:SinceInceptionMember... A member is read by rule, not by list: its local name without
-- "Member", letters and digits only, lower case (fund_period_key); a number of years written as digits or as one of
-- these words next to "year"/"yr" (fund_period_years) is that many years; one of the inception words makes it the
-- since-inception return. Key: word.
CREATE OR REPLACE VIEW fund_return_period_words AS
SELECT * FROM (VALUES
  ('one', 1, false), ('two', 2, false), ('three', 3, false), ('four', 4, false), ('five', 5, false),
  ('six', 6, false), ('seven', 7, false), ('eight', 8, false), ('nine', 9, false), ('ten', 10, false),
  ('fifteen', 15, false), ('twenty', 20, false), ('thirty', 30, false),
  ('inception', NULL, true), ('lifeoffund', NULL, true), ('lifeofclass', NULL, true), ('lifeofthefund', NULL, true),
  ('lifeoftheclass', NULL, true), ('commencement', NULL, true), ('sincelaunch', NULL, true), ('sincestart', NULL, true)
) AS t(word, years, since_inception);

-- Grain: scalar. A member's period key: fil:Past_5YearsMember -> past5years.
CREATE OR REPLACE MACRO fund_period_key(member) AS
  lower(regexp_replace(regexp_replace(fund_local_name(member), 'Member$', ''), '[^A-Za-z0-9]', '', 'g'));

-- Grain: scalar. Years written in digits in a period key: 5years, 10yr, year05 (rr's AverageAnnualReturnYear05), 1y;
-- NULL when the key states none (a spelled-out number is matched against fund_return_period_words).
CREATE OR REPLACE MACRO fund_period_digits(key) AS coalesce(
  TRY_CAST(nullif(regexp_extract(key, '(\d+)(?:year|yr)', 1), '') AS INTEGER),
  TRY_CAST(nullif(regexp_extract(key, '(?:year|yr)(\d+)', 1), '') AS INTEGER),
  TRY_CAST(nullif(regexp_extract(key, '(\d+)y$', 1), '') AS INTEGER));

-- Grain: scalar. Which average annual return a fact is, from what its period member names (member_years, member_inception;
-- NULL / false without one), its context's length in years (span; NULL for an instant) and the class's age at the
-- period end in years (NULL when no inception date is tagged): 1, 5 or 10 (years), 0 (since inception), NULL (another
-- period, e.g. a 3-year or six-month return, which the record does not serve). A member wins over the context, since
-- filers tag every column on the report year's context. A member naming both ("TenYearsOrSinceInception", the column of
-- a table mixing older and younger classes) is the years when the context spans them or the class is that old, else
-- since inception. Without a member, a span within a month of 1, 5 or 10 years is that period and any other span of a
-- year or more is since inception.
CREATE OR REPLACE MACRO fund_return_period(member_years, member_inception, span, age) AS
  CASE
    WHEN member_years IS NOT NULL AND member_inception
      THEN CASE WHEN member_years IN (1, 5, 10) AND (abs(span - member_years) < 0.09 OR age >= member_years - 0.09) THEN member_years ELSE 0 END
    WHEN member_years IS NOT NULL THEN CASE WHEN member_years IN (1, 5, 10) THEN member_years END
    WHEN member_inception THEN 0
    WHEN abs(span - 1) < 0.09 THEN 1
    WHEN abs(span - 5) < 0.09 THEN 5
    WHEN abs(span - 10) < 0.09 THEN 10
    WHEN span >= 0.91 THEN 0
  END;
