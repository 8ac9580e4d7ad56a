-- One row per cik: every registrant's latest merged description (entity_description over all companies).
CREATE OR REPLACE VIEW entity_latest AS
SELECT * FROM entity_description(NULL);
