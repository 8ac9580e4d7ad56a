-- Grain: scalar. Whether a fund registration form is not (yet) an effective prospectus: a post-effective amendment
-- under Rule 485(a) (485APOS) becomes effective only 60-75 days after filing, usually as the 485BPOS that replaces
-- it; an initial N-1A (and its pre-effective /A) is not effective until declared so. Their fee tables are proposals,
-- not the fees in force, so the fee endpoint leaves them out (485BPOS, 485BXT, 497 and 497K are effective).
CREATE OR REPLACE MACRO fund_pre_effective_form(form) AS regexp_full_match(upper(coalesce(form, '')), '485APOS(/A)?|N-1A(/A)?');
