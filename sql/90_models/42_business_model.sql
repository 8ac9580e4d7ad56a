-- Grain: one row for a company with a finished model, none otherwise: the business model's sections as JSON columns.
CREATE OR REPLACE MACRO business_model(p_cik, models_glob := '/_models/models/*.json') AS TABLE
SELECT m.cik,
  m.businessModel->'$.segments' AS segments, m.businessModel->'$.customers' AS customers,
  m.businessModel->'$.revenueStreams' AS "revenueStreams", m.businessModel->'$.keyResources' AS "keyResources",
  m.businessModel->'$.keyPartners' AS "keyPartners", m.businessModel->'$.channels' AS channels,
  m.businessModel->'$.costDrivers' AS "costDrivers"
FROM company_models(models_glob := models_glob) m WHERE m.cik = p_cik;
