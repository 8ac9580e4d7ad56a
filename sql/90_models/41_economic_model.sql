-- Grain: one row for a company with a finished model, none otherwise: the economic model's sections as JSON columns
-- (what /api/company/economic-model serves, for the REPL and Arrow/CSV readers).
CREATE OR REPLACE MACRO economic_model(p_cik, models_glob := '/_models/models/*.json') AS TABLE
SELECT m.cik,
  m.economicModel->'$.summary' AS summary, m.economicModel->'$.valueDelivery' AS "valueDelivery",
  m.economicModel->'$.monetization' AS monetization, m.economicModel->'$.costStructure' AS "costStructure",
  m.economicModel->'$.reinvestment' AS reinvestment, m.economicModel->'$.cashConversion' AS "cashConversion",
  m.economicModel->'$.sensitivities' AS sensitivities, m.economicModel->'$.unitEconomics' AS "unitEconomics",
  m.economicModel->'$.capitalAllocation' AS "capitalAllocation", m.economicModel->'$.managementStyle' AS "managementStyle"
FROM company_models(models_glob := models_glob) m WHERE m.cik = p_cik;
