-- Grain: one row per company with a finished model: the economic model's enum decisions as plain columns, for screens
-- such as `SELECT * FROM economic_models() WHERE capital_intensity = 'asset-light' AND revenue_model = 'recurring'`.
CREATE OR REPLACE MACRO economic_models(models_glob := '/_models/models/*.json') AS TABLE
SELECT m.cik, m.filing->>'$.form' AS form, m.filing->>'$.accession' AS accession, m.filing->>'$.fiscalYear' AS fiscal_year,
  m.economicModel->>'$.monetization.revenueModel' AS revenue_model,
  m.economicModel->>'$.monetization.priceSettingPower' AS price_setting_power,
  m.economicModel->>'$.reinvestment.capitalIntensity' AS capital_intensity,
  m.economicModel->>'$.reinvestment.maintenanceVsGrowth' AS maintenance_vs_growth,
  m.economicModel->>'$.cashConversion.workingCapitalProfile' AS working_capital_profile,
  m.economicModel->>'$.unitEconomics.marginalMargin' AS marginal_margin,
  m.economicModel->>'$.managementStyle.orientation' AS orientation,
  m.generatedAt AS generated_at, m.provider
FROM company_models(models_glob := models_glob) m;
