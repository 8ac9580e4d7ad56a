// The warehouse datasets, each described once: its row type, staging columns and layout drive the Batch, the staging
// table check, ensureWarehouse and the commit. Adding a dataset = a row interface (ingest/rows.ts), one entry here,
// sql/warehouse/10_stage_<name>.sql (stage_<name> + final_<name>()), 20_new_<name>.sql and its sql/00_sources view.
import type {
  BeneficialOwnerRow, EntityRow, FactRow, FactTextRow, FilingRow, Form13fReportRow, Holding13fRow, InsiderFilingRow,
  InsiderTransactionRow, SecurityRow, FxRateRow, FundSeriesRow, FundClassRow, NportReportRow, NportReturnRow, NportHoldingRow,
  FilingDocumentRow, DocumentTextRow, DocumentSectionRow, LabelRow,
} from '../ingest/rows.ts';
import { datasetOf, type DatasetDescriptor } from './DatasetDescriptor.ts';

export const facts = datasetOf<FactRow>()({
  name: 'facts', partitioned: true, streamed: true,
  columns: {
    cik: 'INTEGER', accession: 'VARCHAR', form: 'VARCHAR', filed: 'VARCHAR', concept: 'VARCHAR', unit: 'VARCHAR',
    value: 'DOUBLE', decimals: 'INTEGER', periodStart: 'VARCHAR', periodEnd: 'VARCHAR', dims: 'JSON',
    fy: 'INTEGER', fp: 'VARCHAR', frame: 'VARCHAR', source: 'VARCHAR',
  },
});

export const factTexts = datasetOf<FactTextRow>()({
  name: 'fact_texts', partitioned: true,
  columns: {
    cik: 'INTEGER', accession: 'VARCHAR', form: 'VARCHAR', filed: 'VARCHAR', concept: 'VARCHAR', value: 'VARCHAR',
    periodStart: 'VARCHAR', periodEnd: 'VARCHAR', dims: 'JSON', source: 'VARCHAR',
  },
});

export const filings = datasetOf<FilingRow>()({
  name: 'filings', partitioned: true,
  columns: {
    cik: 'INTEGER', accession: 'VARCHAR', form: 'VARCHAR', filed: 'VARCHAR', accepted: 'VARCHAR', reportDate: 'VARCHAR',
    isAmendment: 'BOOLEAN', items: 'JSON', isXbrl: 'BOOLEAN', isInlineXbrl: 'BOOLEAN', primaryDocument: 'VARCHAR',
    primaryDocDescription: 'VARCHAR', documents: 'JSON', size: 'BIGINT', fileNumber: 'VARCHAR', filmNumber: 'VARCHAR',
    act: 'VARCHAR', fy: 'INTEGER', fp: 'VARCHAR', source: 'VARCHAR',
  },
});

export const entities = datasetOf<EntityRow>()({
  name: 'entities', partitioned: false,
  columns: {
    cik: 'INTEGER', name: 'VARCHAR', entityType: 'VARCHAR', sic: 'VARCHAR', sicDescription: 'VARCHAR', category: 'VARCHAR',
    stateOfIncorporation: 'VARCHAR', stateOfIncorporationDescription: 'VARCHAR', fiscalYearEnd: 'VARCHAR',
    ein: 'VARCHAR', description: 'VARCHAR', website: 'VARCHAR', phone: 'VARCHAR', tickers: 'JSON', exchanges: 'JSON',
    formerNames: 'JSON', businessAddress: 'JSON', mailingAddress: 'JSON',
    insiderTransactionForOwnerExists: 'BOOLEAN', insiderTransactionForIssuerExists: 'BOOLEAN',
    asOf: 'VARCHAR', source: 'VARCHAR',
  },
});

export const securities = datasetOf<SecurityRow>()({
  name: 'securities', partitioned: false,
  columns: {
    cik: 'INTEGER', ticker: 'VARCHAR', exchange: 'VARCHAR', name: 'VARCHAR', cusip: 'VARCHAR', compositeFigi: 'VARCHAR',
    shareClassFigi: 'VARCHAR', kind: 'VARCHAR', asOf: 'VARCHAR', source: 'VARCHAR',
  },
});

export const insiderFilings = datasetOf<InsiderFilingRow>()({
  name: 'insider_filings', partitioned: true,
  columns: {
    accession: 'VARCHAR', issuerCik: 'INTEGER', issuerName: 'VARCHAR', issuerSymbol: 'VARCHAR', documentType: 'VARCHAR',
    periodOfReport: 'VARCHAR', filed: 'VARCHAR', dateOfOriginalSubmission: 'VARCHAR', noSecuritiesOwned: 'BOOLEAN',
    notSubjectToSection16: 'BOOLEAN', aff10b5One: 'BOOLEAN', owners: 'JSON', footnotes: 'JSON', remarks: 'VARCHAR',
    source: 'VARCHAR',
  },
});

export const insiderTransactions = datasetOf<InsiderTransactionRow>()({
  name: 'insider_transactions', partitioned: true,
  columns: {
    accession: 'VARCHAR', issuerCik: 'INTEGER', documentType: 'VARCHAR', isDerivative: 'BOOLEAN', isHolding: 'BOOLEAN',
    seq: 'INTEGER', securityTitle: 'VARCHAR', transactionDate: 'VARCHAR', deemedExecutionDate: 'VARCHAR',
    transactionFormType: 'VARCHAR', transactionCode: 'VARCHAR', equitySwapInvolved: 'BOOLEAN', timeliness: 'VARCHAR',
    shares: 'DOUBLE', pricePerShare: 'DOUBLE', acquiredDisposed: 'VARCHAR', sharesAfter: 'DOUBLE', valueAfter: 'DOUBLE',
    directIndirect: 'VARCHAR', natureOfOwnership: 'VARCHAR', exercisePrice: 'DOUBLE', exerciseDate: 'VARCHAR',
    expirationDate: 'VARCHAR', underlyingSecurity: 'VARCHAR', underlyingShares: 'DOUBLE', footnoteIds: 'JSON',
    source: 'VARCHAR',
  },
});

export const form13fReports = datasetOf<Form13fReportRow>()({
  name: 'form13f_reports', partitioned: false,
  columns: {
    accession: 'VARCHAR', managerCik: 'INTEGER', managerName: 'VARCHAR', form: 'VARCHAR', periodOfReport: 'VARCHAR',
    filed: 'VARCHAR', reportType: 'VARCHAR', isAmendment: 'BOOLEAN', amendmentNo: 'INTEGER', amendmentType: 'VARCHAR',
    tableEntryTotal: 'BIGINT', tableValueTotal: 'DOUBLE', otherManagersCount: 'INTEGER', fileNumber: 'VARCHAR',
    source: 'VARCHAR',
  },
});

export const holdings13f = datasetOf<Holding13fRow>()({
  name: 'holdings_13f', partitioned: false,
  columns: {
    accession: 'VARCHAR', seq: 'INTEGER', nameOfIssuer: 'VARCHAR', titleOfClass: 'VARCHAR', cusip: 'VARCHAR',
    figi: 'VARCHAR', value: 'DOUBLE', shares: 'DOUBLE', shareType: 'VARCHAR', putCall: 'VARCHAR',
    investmentDiscretion: 'VARCHAR', otherManager: 'VARCHAR', votingSole: 'DOUBLE', votingShared: 'DOUBLE',
    votingNone: 'DOUBLE', source: 'VARCHAR',
  },
});

export const beneficialOwners = datasetOf<BeneficialOwnerRow>()({
  name: 'beneficial_owners', partitioned: false,
  columns: {
    accession: 'VARCHAR', form: 'VARCHAR', isAmendment: 'BOOLEAN', amendmentNo: 'INTEGER', filed: 'VARCHAR',
    eventDate: 'VARCHAR', issuerCik: 'INTEGER', issuerName: 'VARCHAR', cusip: 'VARCHAR', securityClassTitle: 'VARCHAR',
    filerCik: 'INTEGER', seq: 'INTEGER', personCik: 'INTEGER', personName: 'VARCHAR', typeOfReportingPerson: 'VARCHAR',
    citizenship: 'VARCHAR', soleVoting: 'DOUBLE', sharedVoting: 'DOUBLE', soleDispositive: 'DOUBLE',
    sharedDispositive: 'DOUBLE', aggregateAmount: 'DOUBLE', percentOfClass: 'DOUBLE', memberOfGroup: 'VARCHAR',
    purpose: 'VARCHAR', rule: 'VARCHAR', source: 'VARCHAR',
  },
});

export const fxRates = datasetOf<FxRateRow>()({
  name: 'fx_rates', partitioned: false,
  columns: { date: 'VARCHAR', base: 'VARCHAR', quote: 'VARCHAR', rate: 'DOUBLE', source: 'VARCHAR', published: 'VARCHAR' },
});

export const fundSeries = datasetOf<FundSeriesRow>()({
  name: 'fund_series', partitioned: false,
  columns: { cik: 'INTEGER', seriesId: 'VARCHAR', seriesName: 'VARCHAR', lei: 'VARCHAR', source: 'VARCHAR', accession: 'VARCHAR', asOf: 'VARCHAR' },
});

export const fundClasses = datasetOf<FundClassRow>()({
  name: 'fund_classes', partitioned: false,
  columns: {
    cik: 'INTEGER', seriesId: 'VARCHAR', classId: 'VARCHAR', className: 'VARCHAR', ticker: 'VARCHAR', source: 'VARCHAR',
    accession: 'VARCHAR', asOf: 'VARCHAR',
  },
});

export const nportReports = datasetOf<NportReportRow>()({
  name: 'nport_reports', partitioned: false,
  columns: {
    accession: 'VARCHAR', cik: 'INTEGER', form: 'VARCHAR', filed: 'VARCHAR', seriesId: 'VARCHAR', seriesName: 'VARCHAR',
    seriesLei: 'VARCHAR', regName: 'VARCHAR', repPdEnd: 'VARCHAR', repPdDate: 'VARCHAR', isFinal: 'BOOLEAN',
    totAssets: 'DOUBLE', totLiabs: 'DOUBLE', netAssets: 'DOUBLE', sales1: 'DOUBLE', reinvest1: 'DOUBLE', redemption1: 'DOUBLE',
    sales2: 'DOUBLE', reinvest2: 'DOUBLE', redemption2: 'DOUBLE', sales3: 'DOUBLE', reinvest3: 'DOUBLE', redemption3: 'DOUBLE',
    source: 'VARCHAR',
  },
});

export const nportReturns = datasetOf<NportReturnRow>()({
  name: 'nport_returns', partitioned: false,
  columns: { accession: 'VARCHAR', classId: 'VARCHAR', rtn1: 'DOUBLE', rtn2: 'DOUBLE', rtn3: 'DOUBLE', source: 'VARCHAR' },
});

export const nportHoldings = datasetOf<NportHoldingRow>()({
  name: 'nport_holdings', partitioned: false,
  columns: {
    accession: 'VARCHAR', seq: 'INTEGER', name: 'VARCHAR', lei: 'VARCHAR', title: 'VARCHAR', cusip: 'VARCHAR', isin: 'VARCHAR',
    ticker: 'VARCHAR', otherIds: 'JSON', balance: 'DOUBLE', units: 'VARCHAR', currency: 'VARCHAR', valueUsd: 'DOUBLE',
    pctVal: 'DOUBLE', payoffProfile: 'VARCHAR', assetCat: 'VARCHAR', issuerCat: 'VARCHAR', country: 'VARCHAR',
    isRestricted: 'BOOLEAN', fairValLevel: 'VARCHAR', derivative: 'JSON', source: 'VARCHAR',
  },
});

export const filingDocuments = datasetOf<FilingDocumentRow>()({
  name: 'filing_documents', partitioned: true,
  columns: {
    cik: 'INTEGER', accession: 'VARCHAR', sequence: 'INTEGER', filename: 'VARCHAR', type: 'VARCHAR', description: 'VARCHAR',
    size: 'BIGINT', source: 'VARCHAR',
  },
});

export const documentText = datasetOf<DocumentTextRow>()({
  name: 'document_text', partitioned: true,
  columns: {
    cik: 'INTEGER', accession: 'VARCHAR', filename: 'VARCHAR', form: 'VARCHAR', type: 'VARCHAR', text: 'VARCHAR',
    source: 'VARCHAR',
  },
});

export const documentSections = datasetOf<DocumentSectionRow>()({
  name: 'document_sections', partitioned: true,
  columns: {
    cik: 'INTEGER', accession: 'VARCHAR', filename: 'VARCHAR', code: 'VARCHAR', title: 'VARCHAR',
    sectionStart: 'INTEGER', sectionEnd: 'INTEGER', source: 'VARCHAR',
  },
});

export const labels = datasetOf<LabelRow>()({
  name: 'labels', partitioned: false,
  columns: {
    cik: 'INTEGER', accession: 'VARCHAR', document: 'VARCHAR', element: 'VARCHAR', role: 'VARCHAR', lang: 'VARCHAR',
    label: 'VARCHAR', source: 'VARCHAR',
  },
});

/** Every dataset, in commit order. */
export const DATASETS = Object.freeze([
  facts, filings, entities, securities, insiderFilings, insiderTransactions, form13fReports, holdings13f, beneficialOwners,
  fxRates, fundSeries, fundClasses, nportReports, nportReturns, nportHoldings, factTexts,
  filingDocuments, documentText, documentSections, labels,
] as const);

type AnyDataset = (typeof DATASETS)[number];

/** One list of rows per dataset, keyed by dataset name: the shape of a Batch and of what commitBatch takes. */
export type DatasetRows = { [D in AnyDataset as D['name']]: NonNullable<D['row']>[] };

export type DatasetName = keyof DatasetRows;

/** Any dataset's descriptor, for code that handles them all alike (the commit, ensureWarehouse). */
export type DatasetSpec = DatasetDescriptor<DatasetName, object>;
