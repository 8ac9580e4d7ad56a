-- Grain: one row per (period_end, fiscal_period, role, member, field) of one company's segment disclosure, over the
-- newest `lim` periods of the series: the value behind /api/footnotes/business-segmentation and its reconciliation.
-- c: cik; period: 'annual' | 'quarter'; lim: NULL = all. Rows with member NULL and role 'consolidated' hold the
-- undimensioned figure of the concept the segments use.
-- Facts tagged only with the segment axis (us-gaap:StatementBusinessSegmentsAxis or a filer's own ...Segment...Axis)
-- and/or the consolidation-items axis. Roles:
--   consolidation member alone: eliminations -> elimination; corporate / reconciling / non-segment -> reconciling;
--     the operating-segments member (the total of the segments) or anything else -> subtotal (never summed);
--   segment member, alone or with the operating-segments member: segment, or by its own name elimination,
--     reconciling (corporate, unallocated) or subtotal (total, all reportable segments);
--   segment member with an elimination / reconciling consolidation member: that role, under the segment's member.
-- A reconciling/elimination member of the consolidation-items axis tagged with an operating expense (and no operating
-- income) enters operatingIncome as minus that expense, so the segment operating income reconciles as the filer's
-- table does. A member stated both alone and under the operating-segments member is read from the latter: that is the figure
-- before the eliminations the filer tags on their own, so segment + elimination + reconciling sum to the whole.
-- as_of: DATE, only filings accepted on or before it and no FX rate published after it (point in time, beyond the
-- spec), NULL = everything ingested.
CREATE OR REPLACE MACRO business_segment_values(c, period, lim, as_of) AS TABLE
WITH bs_fields AS (
  SELECT * FROM (VALUES
    ('revenue', 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', 1),
    ('revenue', 'us-gaap:Revenues', 2),
    ('revenue', 'us-gaap:RevenueFromContractWithCustomerIncludingAssessedTax', 3),
    ('revenue', 'us-gaap:SalesRevenueNet', 4),
    ('operatingIncome', 'us-gaap:OperatingIncomeLoss', 1),
    ('grossProfit', 'us-gaap:GrossProfit', 1),
    ('assets', 'us-gaap:Assets', 1),
    ('goodwill', 'us-gaap:Goodwill', 1),
    ('depreciationAmortization', 'us-gaap:DepreciationDepletionAndAmortization', 1),
    ('depreciationAmortization', 'us-gaap:DepreciationAndAmortization', 2),
    ('depreciationAmortization', 'us-gaap:DepreciationAmortizationAndAccretionNet', 3),
    ('depreciationAmortization', 'us-gaap:Depreciation', 4),
    ('capex', 'us-gaap:PaymentsToAcquirePropertyPlantAndEquipment', 1),
    ('capex', 'us-gaap:PaymentsToAcquireProductiveAssets', 2),
    ('capex', 'us-gaap:PropertyPlantAndEquipmentAdditions', 3),
    ('netIncome', 'us-gaap:NetIncomeLoss', 1),
    ('netIncome', 'us-gaap:ProfitLoss', 2),
    -- an operating expense tagged on a reconciling or elimination member of the consolidation-items axis (Apple's
    -- research and development, corporate G&A): that item's effect on operating income is minus the expense
    ('operatingExpense', 'us-gaap:OperatingExpenses', 1),
    ('operatingExpense', 'us-gaap:CostsAndExpenses', 2),
    ('operatingExpense', 'us-gaap:SellingGeneralAndAdministrativeExpense', 3),
    ('operatingExpense', 'us-gaap:GeneralAndAdministrativeExpense', 4),
    ('operatingExpense', 'us-gaap:OtherGeneralAndAdministrativeExpense', 5),
    ('operatingExpense', 'us-gaap:ResearchAndDevelopmentExpense', 6),
    ('operatingExpense', 'us-gaap:ShareBasedCompensation', 7),
    ('operatingExpense', 'us-gaap:AllocatedShareBasedCompensationExpense', 8)
  ) t(field, concept, pref)
),
bs_raw AS MATERIALIZED (
  SELECT *
  FROM footnote_facts(cik_bucket(c), c, as_of, (SELECT list(DISTINCT concept) FROM bs_fields), NULL)
  WHERE len(dims) = 0
     OR (len(dims) <= 2 AND list_bool_and(list_transform(dims, d ->
           d.axis IN ('us-gaap:StatementBusinessSegmentsAxis', 'srt:ConsolidationItemsAxis', 'us-gaap:ConsolidationItemsAxis')
           OR regexp_matches(d.axis, ':\w*(BusinessSegment|OperatingSegment|ReportableSegment)\w*Axis$')))
         AND len(list_distinct(list_transform(dims, d -> d.axis LIKE '%ConsolidationItemsAxis'))) = len(dims))
),
bs_all AS MATERIALIZED (
  SELECT * FROM bs_raw UNION ALL BY NAME SELECT * FROM footnote_quarter_synth('bs_raw')
),
bs_series AS MATERIALIZED (
  SELECT * FROM footnote_series('bs_all')
),
bs_periods AS MATERIALIZED (
  SELECT * FROM footnote_periods('bs_series', period, lim)
),
bs_picked AS MATERIALIZED (
  SELECT s.* FROM footnote_pick('bs_series', 'original', as_of := as_of) s
  SEMI JOIN bs_periods p USING (series, period_end, fiscal_period)
),
bs_vals AS MATERIALIZED (
  SELECT v.*,
         list_filter(v.dims, d -> NOT d.axis LIKE '%ConsolidationItemsAxis')[1].member AS seg_m,
         list_filter(v.dims, d -> d.axis LIKE '%ConsolidationItemsAxis')[1].member AS cons_m
  FROM footnote_fields('bs_picked', 'bs_fields') v
),
bs_kinds AS (
  SELECT *,
         CASE WHEN cons_m IS NULL THEN NULL
              WHEN regexp_matches(cons_m, '(?i)eliminat') THEN 'elimination'
              WHEN regexp_matches(cons_m, '(?i)(reconcil|corporate|nonsegment|unallocated)') THEN 'reconciling'
              WHEN regexp_matches(cons_m, '(?i)(OperatingSegments|ReportableSegments?|SegmentReportingSegments?)Member$') THEN 'segment'
              ELSE 'other' END AS cons_kind,
         CASE WHEN seg_m IS NULL THEN NULL
              -- "Corporate, other and eliminations" mixes both: reconciling
              WHEN regexp_matches(seg_m, '(?i)(reconcil|corporate|nonsegment|unallocated)') THEN 'reconciling'
              WHEN regexp_matches(seg_m, '(?i)eliminat') THEN 'elimination'
              WHEN regexp_matches(seg_m, '(?i)(total|AllReportableSegments|:OperatingSegmentsMember$)') THEN 'subtotal'
              ELSE 'segment' END AS seg_kind
  FROM bs_vals
),
bs_roles AS (
  SELECT *,
         CASE WHEN len(dims) = 0 THEN 'consolidated'
              WHEN seg_m IS NULL THEN CASE WHEN cons_kind IN ('elimination', 'reconciling') THEN cons_kind ELSE 'subtotal' END
              WHEN cons_kind IS NULL OR cons_kind = 'segment' THEN seg_kind
              WHEN cons_kind IN ('elimination', 'reconciling') THEN cons_kind
              ELSE 'subtotal' END AS role,
         coalesce(seg_m, cons_m) AS entry_member,
         CASE WHEN cons_kind = 'segment' THEN 1 ELSE 2 END AS rank_
  FROM bs_kinds
),
bs_metric_rows AS (
  -- operating expenses count only on a consolidation-items reconciling/elimination member without a segment, as
  -- minus operating income, and only where that member has no operating income of its own (rank 3 loses)
  SELECT period_end, fiscal_period, role, entry_member, rank_, concept, unit, date_filed, field, value FROM bs_roles
  WHERE role <> 'consolidated' AND field <> 'operatingExpense'
  UNION ALL
  SELECT period_end, fiscal_period, role, entry_member, 3, concept, unit, date_filed, 'operatingIncome', -value FROM bs_roles
  WHERE field = 'operatingExpense' AND seg_m IS NULL AND role IN ('reconciling', 'elimination')
),
bs_entries AS (
  SELECT period_end, fiscal_period, role, entry_member AS member, field,
         arg_min(value, rank_) AS value, arg_min(concept, rank_) AS concept, arg_min(unit, rank_) AS unit,
         max(date_filed) AS date_filed
  FROM bs_metric_rows
  GROUP BY ALL
),
bs_segment_concept AS (
  -- the concept the segments of a period use for a field: the consolidated figure is read in the same concept
  SELECT period_end, fiscal_period, field, mode(concept) AS concept FROM bs_entries WHERE role = 'segment' GROUP BY ALL
),
bs_consolidated AS (
  SELECT p.period_end, p.fiscal_period, 'consolidated' AS role, NULL::VARCHAR AS member, f.field,
         arg_min(p.value, (p.concept IS DISTINCT FROM s.concept, f.pref)) AS value,
         arg_min(p.concept, (p.concept IS DISTINCT FROM s.concept, f.pref)) AS concept,
         arg_min(p.unit, (p.concept IS DISTINCT FROM s.concept, f.pref)) AS unit,
         max(p.date_filed) AS date_filed
  FROM bs_picked p
  JOIN bs_fields f USING (concept)
  LEFT JOIN bs_segment_concept s ON s.period_end = p.period_end AND s.fiscal_period = p.fiscal_period AND s.field = f.field
  WHERE len(p.dims) = 0 AND f.field <> 'operatingExpense'
  GROUP BY ALL
)
SELECT p.series, p.period_end, p.fiscal_period, p.period, p.fiscalYear, p.fiscalPeriod, p.dateFiled,
       e.role, e.member, e.field, e.value, e.concept, e.unit
FROM bs_periods p
JOIN (SELECT * FROM bs_entries UNION ALL BY NAME SELECT * FROM bs_consolidated) e USING (period_end, fiscal_period);
