// Financials group: /api/financials/as-reported, answered by the period engine's as_reported(cik, period, lim, as_of)
// or, when the materialized periods are current, by as_reported_stored(cik, period, lim).
import * as v from 'valibot';
import { defineEndpoints } from '../registry.ts';
import { limitParam, periodParam } from '../params/common.ts';
import { dateParam } from '../params/ParamSpec.ts';
import { periodsAreCurrent } from '../../engine/financials/materializePeriods.ts';

export const AsReportedPeriod = v.object({
  period: v.pipe(v.string(), v.isoDate(), v.description('Fiscal period end, YYYY-MM-DD')),
  fiscalYear: v.pipe(v.number(), v.integer()),
  fiscalPeriod: v.picklist(['FY', 'Q1', 'Q2', 'Q3', 'Q4', 'TTM']),
  dateFiled: v.pipe(v.nullable(v.string()), v.description('Acceptance date of the newest filing contributing to the period')),
  facts: v.pipe(v.record(v.string(), v.number()), v.description('Namespace-prefixed XBRL concept -> value, exactly as filed')),
  sources: v.pipe(v.record(v.string(), v.object({
    type: v.string(),
    dateFiled: v.optional(v.string()),
    amendment: v.boolean(),
    facts: v.record(v.string(), v.object({ before: v.optional(v.number()) })),
  })), v.description('Accession number (or synthetic Q4-Recon-... key) -> what that filing contributed')),
  derived: v.pipe(v.record(v.string(), v.string()), v.description('Fact synthesized from others in the same period -> how it was derived')),
});

export const financialsEndpoints = defineEndpoints({
  path: '/api/financials/as-reported',
  group: 'Financials',
  summary: 'As-reported financials',
  description: 'Facts exactly as filed per fiscal period, newest first, with the filings that supplied or changed each value and Q4/Q2/Q3 reconstructions.',
  tiers: [],
  entity: true,
  params: {
    period: periodParam(['annual', 'quarter', 'ttm'] as const, 'annual: fiscal years; quarter: quarterly series (Q4 reconstructed); ttm: trailing twelve months'),
    limit: limitParam,
    asOf: dateParam('Point in time (beyond the spec, for backtests without look-ahead): use only filings accepted on or before this date'),
  },
  macro: 'as_reported',
  args: ({ entity, params }) => [entity!.cik, (params.period as string | undefined) ?? 'annual', params.limit as number, (params.asOf as string | undefined) ?? null],
  // the period engine's results materialized after ingest: a lookup instead of the reconstruction, while current
  stored: {
    macro: 'as_reported_stored',
    args: ({ entity, params }) => [entity!.cik, (params.period as string | undefined) ?? 'annual', params.limit as number],
    current: periodsAreCurrent,
    appliesTo: ({ params }) => params.asOf === undefined,
  },
  shape: 'array',
  response: AsReportedPeriod,
});
