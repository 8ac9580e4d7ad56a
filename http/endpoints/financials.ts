// Financials group: /api/financials/as-reported, answered by the engine's AS_REPORTED query (the same one
// engine/financials/asReported.ts runs): as_reported(cik, period, lim, as_of), or as_reported_stored while current.
import * as v from 'valibot';
import { defineEndpoint, type CallInput } from '../registry.ts';
import { mapInput } from '../../engine/query/index.ts';
import { limitParam, periodParam } from '../params/common.ts';
import { dateParam, type ParamValues } from '../params/ParamSpec.ts';
import { AS_REPORTED, type AsReportedParams } from '../../engine/query/index.ts';

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

const asReportedParams = {
  period: periodParam(['annual', 'quarter', 'ttm'] as const, 'annual: fiscal years; quarter: quarterly series (Q4 reconstructed); ttm: trailing twelve months'),
  limit: limitParam,
  asOf: dateParam('Point in time (beyond the spec, for backtests without look-ahead): use only filings accepted on or before this date'),
};

export const asReportedEndpoint = defineEndpoint({
  path: '/api/financials/as-reported',
  group: 'Financials',
  summary: 'As-reported financials',
  description: 'Facts exactly as filed per fiscal period, newest first, with the filings that supplied or changed each value and Q4/Q2/Q3 reconstructions.',
  tiers: [],
  entity: true,
  params: asReportedParams,
  ...mapInput(AS_REPORTED, ({ entity, params }: CallInput<ParamValues<typeof asReportedParams>, true>): AsReportedParams => ({ cik: entity.cik, period: params.period ?? 'annual', limit: params.limit ?? null, asOf: params.asOf ?? null })),
  shape: 'array',
  response: AsReportedPeriod,
});

export const financialsEndpoints = [asReportedEndpoint];
