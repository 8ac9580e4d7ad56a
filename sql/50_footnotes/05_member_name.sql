-- The display name of an XBRL member QName: the filer's own label when a label linkbase or an FS/FSN tag table
-- holding it was ingested (element_labels says which wins), else a readable form of the QName: the local name
-- without its `Member` suffix, camel case split into words.
-- 'us-gaap:EmployeeSeveranceMember' -> 'Employee Severance'; 'unp:A2025AcceleratedShareRepurchaseMember' ->
-- 'A2025 Accelerated Share Repurchase'; a typed member's value is returned as it is.
CREATE OR REPLACE MACRO member_name(member) AS
  CASE WHEN member IS NULL THEN NULL
       WHEN NOT regexp_full_match(member, '[A-Za-z][\w.-]*:[A-Za-z_][\w.-]*') THEN member
       ELSE coalesce((SELECT l.label FROM element_labels l WHERE l.element = member),
                     trim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
                       regexp_replace(split_part(member, ':', 2), 'Member$', ''),
                       '([a-z])([A-Z0-9])', '\1 \2', 'g'),
                       '([A-Z]+)([A-Z][a-z])', '\1 \2', 'g'),
                       '([0-9])([A-Z][a-z])', '\1 \2', 'g'),
                       '\s+', ' ', 'g')))
  END;
