-- Grain: one row per element QName: the label member_name shows for it, from the `labels` dataset. Precedence: the
-- filer's own label from a label linkbase (a filer's extension element only: a filer's label of a standard element
-- is that filer's wording, and member_name is not told which filer asks), then the FS/FSN tag table's tlabel; within
-- a source the terse label, then the standard label, then the verbose one, English first, the newest filing first.
-- A trailing " [Member]" / " [Domain]" / " [Axis]" (the taxonomy's type suffix) is dropped.
CREATE OR REPLACE VIEW element_labels AS
SELECT element,
       arg_min(regexp_replace(label, '\s*\[(Member|Domain|Axis)\]\s*$', ''),
               (CASE source WHEN 'label-linkbase' THEN 0 ELSE 1 END,
                CASE role WHEN 'terseLabel' THEN 0 WHEN 'label' THEN 1 WHEN 'verboseLabel' THEN 2 ELSE 3 END,
                NOT starts_with(lower(lang), 'en'), accession IS NULL, -coalesce(hash(accession), 0)::HUGEINT, label)) AS label
FROM src_labels
WHERE role IN ('terseLabel', 'label', 'verboseLabel')
  AND (source <> 'label-linkbase'
       OR split_part(element, ':', 1) NOT IN ('us-gaap', 'srt', 'dei', 'ifrs-full', 'country', 'currency', 'exch', 'stpr',
                                              'naics', 'sic', 'invest', 'ecd', 'cyd', 'rr', 'xbrli', 'nonnum'))
GROUP BY element;
