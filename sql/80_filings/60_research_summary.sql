-- One row per company (none for an unknown cik): the research summary, one call for an overview, composed from the
-- serving macros: identity (company_details), the latest fiscal year and trailing twelve months of the income
-- statement in USD with year-over-year changes (decimals: 0.07 = +7%), scores, ownership and insider summaries, the
-- next earnings date and the five newest filings. Each part is NULL when its data is missing.
CREATE OR REPLACE MACRO research_summary(p_cik, p_stored := false) AS TABLE
WITH details AS (
  SELECT * FROM company_details(p_cik)
),
annual AS (
  SELECT *, row_number() OVER (ORDER BY period DESC) AS back FROM income_statement(p_cik, 'annual', 2, 'USD', NULL)
),
ttm AS (
  SELECT * FROM income_statement(p_cik, 'ttm', 5, 'USD', NULL)
),
ttm_pair AS (
  SELECT cur.*, prev.revenue AS prev_revenue, prev.netIncome AS prev_net_income, prev.epsDiluted AS prev_eps
  FROM (SELECT * FROM ttm ORDER BY period DESC LIMIT 1) cur
  LEFT JOIN ttm prev ON prev.period::DATE BETWEEN (cur.period::DATE - INTERVAL 1 YEAR - INTERVAL 7 DAY)::DATE AND (cur.period::DATE - INTERVAL 1 YEAR + INTERVAL 7 DAY)::DATE
),
annual_pair AS (
  SELECT cur.*, prev.revenue AS prev_revenue, prev.netIncome AS prev_net_income, prev.epsDiluted AS prev_eps
  FROM (SELECT * FROM annual WHERE back = 1) cur LEFT JOIN (SELECT * FROM annual WHERE back = 2) prev ON true
),
score AS (
  SELECT * FROM scores(p_cik, NULL) LIMIT 1
),
owners AS (
  SELECT * FROM ownership_summary(p_cik, NULL, NULL, NULL, NULL, NULL) LIMIT 1
),
insiders AS (
  SELECT * FROM insider_summary(p_cik, NULL) LIMIT 1
),
earnings AS (
  SELECT * FROM earnings_prediction(p_cik, NULL, p_stored := p_stored)
),
newest AS (
  SELECT * FROM filing_rows(p_cik, p_stored := p_stored) ORDER BY filed DESC, accepted DESC NULLS LAST, accession DESC LIMIT 5
)
SELECT
  d.cik, d.name, d.tickers, d.exchanges, d.sic, d.sicDescription, d.fiscalYearEnd, d.category,
  (SELECT {'period': period, 'fiscalYear': fiscalYear, 'currency': currency, 'revenue': revenue, 'grossProfit': grossProfit,
           'operatingIncome': operatingIncome, 'netIncome': netIncome, 'epsDiluted': epsDiluted,
           'revenueYoY': revenue / nullif(prev_revenue, 0) - 1, 'netIncomeYoY': netIncome / nullif(abs(prev_net_income), 0) - sign(prev_net_income),
           'epsDilutedYoY': epsDiluted / nullif(abs(prev_eps), 0) - sign(prev_eps)}
   FROM annual_pair) AS latestAnnual,
  (SELECT {'period': period, 'currency': currency, 'revenue': revenue, 'netIncome': netIncome, 'epsDiluted': epsDiluted,
           'revenueYoY': revenue / nullif(prev_revenue, 0) - 1, 'netIncomeYoY': netIncome / nullif(abs(prev_net_income), 0) - sign(prev_net_income),
           'epsDilutedYoY': epsDiluted / nullif(abs(prev_eps), 0) - sign(prev_eps)}
   FROM ttm_pair) AS ttm,
  (SELECT {'period': period, 'piotroskiFScore': piotroskiFScore, 'altmanZScore': altmanZScore, 'altmanZone': altmanZone} FROM score) AS scores,
  (SELECT {'reportDate': reportDate, 'institutionalHolders': institutional.holders, 'institutionalShares': institutional.shares,
           'pctOfSharesOutstanding': institutional.pctOfSharesOutstanding, 'topHolder': topHolders[1].managerName,
           'beneficialOwners': len(beneficialOwners)::INTEGER} FROM owners) AS ownership,
  (SELECT "12months" FROM insiders) AS insiders12Months,
  (SELECT {'date': strftime(expected_date, '%Y-%m-%d'), 'confidence': confidence, 'basedOn': based_on,
           'lastRelease': strftime(last_release, '%Y-%m-%d')} FROM earnings) AS nextEarnings,
  (SELECT list({'type': form, 'dateFiled': strftime(filed, '%Y-%m-%d'), 'accessionNumber': accession,
                'url': 'https://www.sec.gov/Archives/edgar/data/' || cik || '/' || replace(accession, '-', '') || '/'
                       || coalesce(primary_document, accession || '-index.htm')}
               ORDER BY filed DESC, accepted DESC NULLS LAST, accession DESC) FROM newest) AS lastFilings
FROM details d;
