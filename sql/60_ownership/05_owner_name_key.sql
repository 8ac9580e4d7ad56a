-- How a person or company name is compared across filings that spell it differently ("BUFFETT WARREN E" on a Form 4,
-- "Warren E. Buffett" on a 13G): upper case, punctuation dropped, words sorted.
CREATE OR REPLACE MACRO owner_name_key(n) AS
array_to_string(list_sort(list_filter(string_split(regexp_replace(upper(coalesce(n, '')), '[^A-Z0-9 ]', ' ', 'g'), ' '), w -> w <> '')), ' ');
