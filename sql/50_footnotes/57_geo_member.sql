-- Where a geographic member points: the geo_reference key it is looked up by, and its classification.
-- country:XX and stpr:XX members (the SEC's country and state taxonomies) by code; an extension member whose local name
-- is a two-letter ISO code ('abc:DEMember') by that code; every other member by its normalized local name, with the
-- Member suffix and words like Segment/Region/Geographic dropped. Catch-alls (other, rest of world, international,
-- foreign, non-US) and names that match nothing are residuals: served as filed, never placed on a continent.
CREATE OR REPLACE MACRO geo_member_local(member) AS
  regexp_replace(split_part(member, ':', 2), '(Segments?|Regions?|Geographic(al)?|Geography|Areas?|Markets?|Operations)?Member$', '');

CREATE OR REPLACE MACRO geo_member_key(member) AS
  CASE WHEN split_part(member, ':', 1) = 'country' THEN 'country:' || upper(split_part(member, ':', 2))
       WHEN split_part(member, ':', 1) = 'stpr' THEN 'state:' || upper(split_part(member, ':', 2))
       WHEN regexp_full_match(geo_member_local(member), '[A-Z]{2}') THEN 'country:' || geo_member_local(member)
       ELSE 'name:' || geo_norm(geo_member_local(member)) END;

-- Grain: one row per distinct member of `members` (a relation with a `member` column): kind, code, name, continent,
-- rollup. Members the reference does not know are kind 'residual' named by member_name.
CREATE OR REPLACE MACRO geo_members(members) AS TABLE
SELECT m.member,
       coalesce(r.kind, 'residual') AS kind, r.code,
       coalesce(r.name, member_name(m.member)) AS name,
       r.continent, coalesce(r.rollup, false) AS rollup
FROM (SELECT DISTINCT member FROM query_table(members)) m
LEFT JOIN geo_reference() r ON r.key = geo_member_key(m.member)
  -- a catch-all name never maps, even when it embeds a place ("OtherEuropeMember" is a residual)
  AND NOT regexp_matches(geo_norm(geo_member_local(m.member)), '^(other|restof(the)?world|allother|international|foreign|nonus|outside|overseas)');
