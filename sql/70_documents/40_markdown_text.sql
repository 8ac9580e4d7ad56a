-- Plain document text as Markdown: the first line (the heading) as "##", each paragraph line its own paragraph,
-- runs of " | " table rows as Markdown tables (their first row is the header row).
CREATE OR REPLACE MACRO markdown_text(t) AS (
  WITH lines AS (
    SELECT unnest(l) AS line, unnest(range(len(l))) AS n FROM (SELECT string_split(t, chr(10)) AS l)
  ),
  marked AS (
    SELECT n, line, contains(line, ' | ') AS is_row,
      coalesce(lag(contains(line, ' | ')) OVER (ORDER BY n), false) AS after_row
    FROM lines WHERE trim(line) <> ''
  ),
  rendered AS (
    SELECT n,
      CASE
        WHEN n = (SELECT min(n) FROM marked) THEN '## ' || replace(line, ' | ', ' ')
        WHEN is_row AND NOT after_row THEN
          chr(10) || '| ' || line || ' |' || chr(10) || '|' || repeat(' --- |', len(string_split(line, ' | ')))
        WHEN is_row THEN '| ' || line || ' |'
        ELSE chr(10) || line
      END AS md,
      is_row
    FROM marked
  )
  SELECT string_agg(md, chr(10) ORDER BY n) FROM rendered
);
