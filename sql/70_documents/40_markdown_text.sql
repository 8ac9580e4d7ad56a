-- Plain document text as Markdown: the first line (the heading) as "##", each paragraph line its own paragraph,
-- runs of " | " table rows as Markdown tables (their first row is the header row). Blank lines are dropped.
-- List functions, not a subquery over unnested lines: a scalar subquery is decorrelated and evaluated for its caller's
-- rows whatever the caller's CASE chooses (filing_item paid for it on plain-text requests: a minute for a 270k item).
CREATE OR REPLACE MACRO markdown_text(t) AS (
  WITH p AS (SELECT list_filter(string_split(t, chr(10)), x -> trim(x) <> '') AS l)
  SELECT CASE WHEN len(l) = 0 THEN NULL ELSE array_to_string(list_transform(range(1, len(l) + 1), i ->
    CASE
      WHEN i = 1 THEN '## ' || replace(l[i], ' | ', ' ')
      WHEN contains(l[i], ' | ') AND NOT contains(l[i - 1], ' | ') THEN
        chr(10) || '| ' || l[i] || ' |' || chr(10) || '|' || repeat(' --- |', len(string_split(l[i], ' | ')))
      WHEN contains(l[i], ' | ') THEN '| ' || l[i] || ' |'
      ELSE chr(10) || l[i]
    END), chr(10)) END FROM p
);
