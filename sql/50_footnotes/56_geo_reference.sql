-- Reference table for geographic members: every key a member can be looked up by (see geo_member_key), with what it
-- maps to. kind: country (ISO 3166-1 alpha-2 `code`), state (US postal `code`), region (`continent` or NULL when the
-- region spans continents; `rollup` true only for a whole continent), residual (a filer catch-all: other, rest of
-- world, international, non-US). Names match on a normalized form (lower case, letters only), so "UnitedKingdom",
-- "United Kingdom" and "UNITED_KINGDOM" meet; US state names win over the country of the same name (Georgia), since a
-- named member of a US filer means the state far more often.
-- Grain: one row per key.
CREATE OR REPLACE MACRO geo_states() AS TABLE
SELECT * FROM (VALUES
('AL','Alabama'),('AK','Alaska'),('AZ','Arizona'),('AR','Arkansas'),('CA','California'),('CO','Colorado'),
('CT','Connecticut'),('DE','Delaware'),('DC','District of Columbia'),('FL','Florida'),('GA','Georgia'),('HI','Hawaii'),
('ID','Idaho'),('IL','Illinois'),('IN','Indiana'),('IA','Iowa'),('KS','Kansas'),('KY','Kentucky'),('LA','Louisiana'),
('ME','Maine'),('MD','Maryland'),('MA','Massachusetts'),('MI','Michigan'),('MN','Minnesota'),('MS','Mississippi'),
('MO','Missouri'),('MT','Montana'),('NE','Nebraska'),('NV','Nevada'),('NH','New Hampshire'),('NJ','New Jersey'),
('NM','New Mexico'),('NY','New York'),('NC','North Carolina'),('ND','North Dakota'),('OH','Ohio'),('OK','Oklahoma'),
('OR','Oregon'),('PA','Pennsylvania'),('RI','Rhode Island'),('SC','South Carolina'),('SD','South Dakota'),
('TN','Tennessee'),('TX','Texas'),('UT','Utah'),('VT','Vermont'),('VA','Virginia'),('WA','Washington'),
('WV','West Virginia'),('WI','Wisconsin'),('WY','Wyoming')
) t(code, name);

CREATE OR REPLACE MACRO geo_norm(s) AS regexp_replace(lower(s), '[^a-z]', '', 'g');

CREATE OR REPLACE MACRO geo_reference() AS TABLE
WITH country_alias(alias, code) AS (
  VALUES ('usa','US'),('us','US'),('unitedstatesofamerica','US'),('domestic','US'),('uk','GB'),('greatbritain','GB'),
         ('prc','CN'),('peoplesrepublicofchina','CN'),('mainlandchina','CN'),('chinamainland','CN'),('korea','KR'),
         ('republicofkorea','KR'),('russianfederation','RU'),('holland','NL'),('thenetherlands','NL'),('uae','AE'),
         ('czechrepublic','CZ'),('turkiye','TR'),('vietnam','VN'),('hongkongsar','HK'),('taiwanroc','TW'),
         ('ivorycoast','CI'),('swaziland','SZ'),('burma','MM'),('macau','MO'),('republicofireland','IE')
),
regions(alias, name, continent, rollup) AS (
  VALUES ('europe','Europe','Europe',true),('asia','Asia','Asia',true),('africa','Africa','Africa',true),
         ('northamerica','North America','North America',true),('southamerica','South America','South America',true),
         ('oceania','Oceania','Oceania',true),
         ('asiapacific','Asia Pacific','Asia',false),('apac','Asia Pacific','Asia',false),('asiapac','Asia Pacific','Asia',false),
         ('restofasiapacific','Rest of Asia Pacific','Asia',false),('greaterchina','Greater China','Asia',false),
         ('southeastasia','Southeast Asia','Asia',false),('middleeast','Middle East','Asia',false),('australasia','Australasia','Oceania',false),
         ('westerneurope','Western Europe','Europe',false),('easterneurope','Eastern Europe','Europe',false),
         ('centraleurope','Central Europe','Europe',false),('northerneurope','Northern Europe','Europe',false),
         ('southerneurope','Southern Europe','Europe',false),('scandinavia','Scandinavia','Europe',false),
         ('nordics','Nordics','Europe',false),('eurozone','Eurozone','Europe',false),('europeanunion','European Union','Europe',false),
         ('centralamerica','Central America','North America',false),('caribbean','Caribbean','North America',false),
         ('unitedstatesandcanada','United States and Canada','North America',false),('ucan','United States and Canada','North America',false),
         ('usandcanada','United States and Canada','North America',false),
         ('emea','Europe, Middle East and Africa',NULL,false),('europemiddleeastandafrica','Europe, Middle East and Africa',NULL,false),
         ('middleeastandafrica','Middle East and Africa',NULL,false),('latinamerica','Latin America',NULL,false),
         ('latam','Latin America',NULL,false),('americas','Americas',NULL,false),('centralandsouthamerica','Central and South America',NULL,false),
         ('asiapacificandjapan','Asia Pacific and Japan','Asia',false),('apj','Asia Pacific and Japan','Asia',false)
)
SELECT 'country:' || code AS key, 'country' AS kind, code, name, continent, false AS rollup FROM geo_countries()
UNION ALL
SELECT 'state:' || code, 'state', code, name, NULL, false FROM geo_states()
UNION ALL
SELECT key, kind, code, name, continent, rollup FROM (
  SELECT 'name:' || geo_norm(s.name) AS key, 'state' AS kind, s.code, s.name, NULL AS continent, false AS rollup, 1 AS pref FROM geo_states() s
  UNION ALL
  SELECT 'name:' || geo_norm(c.name), 'country', c.code, c.name, c.continent, false, 2 FROM geo_countries() c
  UNION ALL
  SELECT 'name:' || geo_norm(a.alias), 'country', c.code, c.name, c.continent, false, 2 FROM country_alias a JOIN geo_countries() c USING (code)
  UNION ALL
  SELECT 'name:' || r.alias, 'region', NULL, r.name, r.continent, r.rollup, 3 FROM regions r
) QUALIFY row_number() OVER (PARTITION BY key ORDER BY pref) = 1;
