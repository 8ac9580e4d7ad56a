-- Stable categories of the concentration-risk axes, so a filer switching members (SalesRevenueNetMember ->
-- RevenueFromContractWithCustomerMember, a renamed extension member) keeps one continuous series.
-- concentration_risk_type: the ConcentrationRiskByTypeAxis member -> customer | supplier | geographic | product |
-- credit | reinsurer | governmentContracts | labor | lender | other (NULL without a member).
CREATE OR REPLACE MACRO concentration_risk_type(member) AS
  CASE WHEN member IS NULL THEN NULL
       WHEN regexp_matches(member, '(?i)customer') THEN 'customer'
       WHEN regexp_matches(member, '(?i)(supplier|vendor)') THEN 'supplier'
       WHEN regexp_matches(member, '(?i)(geograph|countr|region)') THEN 'geographic'
       WHEN regexp_matches(member, '(?i)product') THEN 'product'
       WHEN regexp_matches(member, '(?i)reinsur') THEN 'reinsurer'
       WHEN regexp_matches(member, '(?i)government') THEN 'governmentContracts'
       WHEN regexp_matches(member, '(?i)(labor|workforce|union)') THEN 'labor'
       WHEN regexp_matches(member, '(?i)(lender|borrow|debt)') THEN 'lender'
       WHEN regexp_matches(member, '(?i)credit') THEN 'credit'
       ELSE 'other' END;

-- concentration_benchmark: the ConcentrationRiskByBenchmarkAxis member -> revenue | receivables | payables |
-- costOfRevenue | assets | other (NULL without a member).
CREATE OR REPLACE MACRO concentration_benchmark(member) AS
  CASE WHEN member IS NULL THEN NULL
       WHEN regexp_matches(member, '(?i)(costof|purchase|cogs)') THEN 'costOfRevenue'
       WHEN regexp_matches(member, '(?i)(revenue|sales)') THEN 'revenue'
       WHEN regexp_matches(member, '(?i)receivable') THEN 'receivables'
       WHEN regexp_matches(member, '(?i)payable') THEN 'payables'
       WHEN regexp_matches(member, '(?i)asset') THEN 'assets'
       ELSE 'other' END;
