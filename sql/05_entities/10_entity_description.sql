-- One row per cik (p_cik, or every cik when NULL): the registrant's latest description merged across sources. For each
-- field the first non-empty value wins in this order: a 'submissions' row before any other source, then the newest
-- as_of (so a companyfacts name fills in only where no submissions description exists). The cik filter sits before the
-- aggregate so a point lookup aggregates one company's rows only.
CREATE OR REPLACE MACRO entity_description(p_cik) AS TABLE
WITH ranked AS (
  SELECT *, (source = 'submissions')::INTEGER AS preferred
  FROM src_entities
  WHERE cik IS NOT NULL AND (p_cik IS NULL OR cik = p_cik)
),
merged AS (
  SELECT
    cik,
    first(name ORDER BY preferred DESC, as_of DESC) FILTER (WHERE nullif(trim(name), '') IS NOT NULL) AS name,
    first(entity_type ORDER BY preferred DESC, as_of DESC) FILTER (WHERE nullif(entity_type, '') IS NOT NULL) AS entity_type,
    first(sic ORDER BY preferred DESC, as_of DESC) FILTER (WHERE nullif(sic, '') IS NOT NULL) AS sic,
    first(sic_description ORDER BY preferred DESC, as_of DESC) FILTER (WHERE nullif(sic_description, '') IS NOT NULL) AS sic_description,
    first(category ORDER BY preferred DESC, as_of DESC) FILTER (WHERE nullif(category, '') IS NOT NULL) AS category,
    first(state_of_incorporation ORDER BY preferred DESC, as_of DESC) FILTER (WHERE nullif(state_of_incorporation, '') IS NOT NULL) AS state_of_incorporation,
    first(state_of_incorporation_description ORDER BY preferred DESC, as_of DESC) FILTER (WHERE nullif(state_of_incorporation_description, '') IS NOT NULL) AS state_of_incorporation_description,
    first(fiscal_year_end ORDER BY preferred DESC, as_of DESC) FILTER (WHERE nullif(fiscal_year_end, '') IS NOT NULL) AS fiscal_year_end,
    first(ein ORDER BY preferred DESC, as_of DESC) FILTER (WHERE nullif(ein, '') IS NOT NULL) AS ein,
    first(description ORDER BY preferred DESC, as_of DESC) FILTER (WHERE nullif(description, '') IS NOT NULL) AS description,
    first(website ORDER BY preferred DESC, as_of DESC) FILTER (WHERE nullif(website, '') IS NOT NULL) AS website,
    first(phone ORDER BY preferred DESC, as_of DESC) FILTER (WHERE nullif(phone, '') IS NOT NULL) AS phone,
    first(tickers ORDER BY preferred DESC, as_of DESC) FILTER (WHERE len(tickers) > 0) AS tickers,
    first(exchanges ORDER BY preferred DESC, as_of DESC) FILTER (WHERE len(exchanges) > 0) AS exchanges,
    first(former_names ORDER BY preferred DESC, as_of DESC) FILTER (WHERE len(former_names) > 0) AS former_names,
    first(business_address ORDER BY preferred DESC, as_of DESC) FILTER (WHERE business_address IS NOT NULL) AS business_address,
    first(mailing_address ORDER BY preferred DESC, as_of DESC) FILTER (WHERE mailing_address IS NOT NULL) AS mailing_address,
    max(as_of) AS as_of,
    list(DISTINCT source ORDER BY source) AS sources
  FROM ranked
  GROUP BY cik
)
SELECT * FROM merged;
