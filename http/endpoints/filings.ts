// Filings group: the text of one item of a filing (10-K/10-Q/8-K/20-F items, prospectus sections), answered by the
// sql/70_documents macro filing_item from the stored document text and its sections.
import * as v from 'valibot';
import { defineEndpoint } from '../registry.ts';
import { dateParam, enumParam, integerParam, required, stringParam } from '../params/ParamSpec.ts';
import { CIK_MAX, ENTITY_PARAMS } from '../params/entityParams.ts';

export const FilingItem = v.object({
  accessionNumber: v.string(),
  cik: v.pipe(v.number(), v.integer()),
  form: v.string(),
  filingDate: v.nullable(v.pipe(v.string(), v.isoDate())),
  reportDate: v.nullable(v.pipe(v.string(), v.isoDate())),
  fiscalYear: v.nullable(v.pipe(v.number(), v.integer())),
  document: v.pipe(v.string(), v.description('The document of the filing the item is read from (its primary document)')),
  url: v.pipe(v.string(), v.description("The document on EDGAR's Archives")),
  item: v.pipe(v.string(), v.description('Section code: 10-K "1A", "7", "7A"; 10-Q "I-2", "II-1A"; 8-K "2.02"; 20-F "5"; prospectus "risk-factors"')),
  title: v.pipe(v.string(), v.description('The heading as the document writes it')),
  format: v.picklist(['text', 'markdown']),
  text: v.pipe(v.string(), v.description('The item from its heading to the next item: plain text (table rows one per line, cells separated by " | ") or Markdown')),
  characters: v.pipe(v.number(), v.integer(), v.description('Length of the plain text')),
  availableItems: v.pipe(v.array(v.object({ item: v.string(), title: v.string() })), v.description('Every section of the document, in order')),
});

export const filingsEndpoints = [
  defineEndpoint({
    path: '/api/filings/item',
    group: 'Filings',
    summary: 'Filing item text',
    description: 'The text of one item of a filing: by accessionNumber, or by company (symbol or cik) and form (default 10-K), '
      + 'the latest one or the one of fiscalYear / period. Sections are found in the document itself (its table of contents '
      + 'skipped): 10-K Items 1-16 incl. 1A/1B/1C/7A/9A-9C, 10-Q Part I/II items (codes "I-2", "II-1A"; "2" alone is Part I), '
      + '8-K items 1.01-9.01 (and the pre-2004 numbering), 20-F items, S-1/F-1/424B sections (prospectus-summary, risk-factors, '
      + 'use-of-proceeds, underwriting, ...). Plain text by default, Markdown with format=markdown. A 400 names the items the '
      + 'filing has when the one asked for is absent, and says so when the filing is unknown.',
    tiers: [],
    entity: false,
    params: {
      accessionNumber: stringParam(/^\d{10}-\d{2}-\d{6}$/, 'an accession number such as 0000320193-24-000123',
        'The filing; when given, symbol/cik/form/fiscalYear/period are ignored', { example: '0001193125-11-009392' }),
      symbol: ENTITY_PARAMS.symbol,
      cik: integerParam(1, CIK_MAX, 'SEC Central Index Key'),
      form: stringParam(/^[A-Za-z0-9][A-Za-z0-9 /-]{0,15}$/, 'a form type such as 10-K, 10-Q, 8-K, 20-F, S-1',
        'Form type of the filing (with symbol or cik)', { default: '10-K' }),
      fiscalYear: integerParam(1993, 2100, 'Fiscal year of the filing (with symbol or cik); default the latest'),
      period: dateParam('Period of report (YYYY-MM-DD) of the filing (with symbol or cik); default the latest'),
      item: required(stringParam(/^[A-Za-z0-9][A-Za-z0-9 .'-]{0,79}$/, 'an item code such as 7, 1A, 7A, II-1A, 2.02 or risk-factors',
        'The item: "7", "Item 7A", "II-1A", "2.02", "risk-factors"', { example: '2.02' })),
      format: enumParam(['text', 'markdown'] as const, 'Plain text (default) or Markdown', { default: 'text' }),
    },
    shape: 'object',
    response: FilingItem,
    macro: 'filing_item',
    args: ({ params }) => [
      params.accessionNumber ?? null, params.symbol ?? null, params.cik ?? null, params.form ?? null,
      params.fiscalYear ?? null, params.period ?? null, params.item, params.format ?? 'text',
    ],
    omitWhenNull: ['error'],
    rowError: 'error',
  }),
];
