-- One row per CUSIP any filing or mapping names, with its issuer (see cusip_issuers): the whole-universe view, for the
-- REPL and bulk work; request paths call cusip_issuers with the few CUSIPs they need.
CREATE OR REPLACE VIEW ownership_cusips AS
SELECT * FROM cusip_issuers((SELECT list(DISTINCT cusip) FROM src_securities WHERE cusip IS NOT NULL));
