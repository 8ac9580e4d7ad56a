// Row shapes that parsers emit and the warehouse writer stores; one interface per warehouse dataset.
// Dates are ISO strings (YYYY-MM-DD), timestamps ISO 8601; SQL casts them when the batch is staged.

/** Where a row came from; part of every dataset's idempotency key. */
export type SourceKind =
  | 'companyfacts'
  | 'xbrl-instance'
  | 'inline-xbrl'
  | 'fsds'
  | 'submissions'
  | 'tickers'
  | 'sgml-header'
  | 'ownership-xml'
  | 'insider-dataset'
  | '13f'
  | '13dg'
  | 'cusip-map'
  | '13f-dataset'
  | 'full-index'
  | 'demo';

/** One axis/member pair of an XBRL context; typed dimensions carry the member's text value. */
export interface Dimension {
  axis: string;
  member: string;
  typed: boolean;
}

/** One numeric XBRL fact exactly as filed. */
export interface FactRow {
  cik: number;
  accession: string;
  form: string | null;
  /** Acceptance (or filing) date of the filing, YYYY-MM-DD. */
  filed: string | null;
  /** Prefixed QName, e.g. `us-gaap:Revenues`, extension concepts included. */
  concept: string;
  /** `USD`, `shares`, `USD/shares`, `pure`, `EUR`: the iso4217 prefix is dropped, others kept as the measure's local name. */
  unit: string;
  value: number;
  /** XBRL decimals attribute; null for INF or when absent. */
  decimals: number | null;
  /** Null for instants. */
  periodStart: string | null;
  periodEnd: string;
  /** Empty for the undimensioned fact. */
  dims: Dimension[];
  /** Filing's DocumentFiscalYearFocus / companyfacts `fy`. */
  fy: number | null;
  /** Filing's DocumentFiscalPeriodFocus / companyfacts `fp`: FY, Q1..Q4, H1, H2, M9... */
  fp: string | null;
  /** companyfacts `frame` (e.g. CY2023Q4I) when the source states it. */
  frame: string | null;
  source: SourceKind;
}

/** One filing (accession). Several sources may describe the same accession; views pick the richest. */
export interface FilingRow {
  cik: number;
  accession: string;
  form: string;
  filed: string | null;
  /** Acceptance timestamp, ISO 8601, when the source states it. */
  accepted: string | null;
  reportDate: string | null;
  isAmendment: boolean;
  items: string[];
  isXbrl: boolean | null;
  isInlineXbrl: boolean | null;
  primaryDocument: string | null;
  primaryDocDescription: string | null;
  documents: string[];
  size: number | null;
  fileNumber: string | null;
  filmNumber: string | null;
  act: string | null;
  fy: number | null;
  fp: string | null;
  source: SourceKind;
}

export interface Address {
  street1: string | null;
  street2: string | null;
  city: string | null;
  stateOrCountry: string | null;
  stateOrCountryDescription: string | null;
  zipCode: string | null;
}

/** One description of a registrant, as of the time its source was produced. */
export interface EntityRow {
  cik: number;
  name: string;
  entityType: string | null;
  sic: string | null;
  sicDescription: string | null;
  category: string | null;
  stateOfIncorporation: string | null;
  stateOfIncorporationDescription: string | null;
  /** MMDD, e.g. `0926`. */
  fiscalYearEnd: string | null;
  ein: string | null;
  description: string | null;
  website: string | null;
  phone: string | null;
  tickers: string[];
  exchanges: string[];
  formerNames: { name: string; from: string | null; to: string | null }[];
  businessAddress: Address | null;
  mailingAddress: Address | null;
  /** Insider-trading flags from submissions JSON. */
  insiderTransactionForOwnerExists: boolean | null;
  insiderTransactionForIssuerExists: boolean | null;
  /** Date the description was true (newest filing seen in the source, or ingest date). */
  asOf: string;
  source: SourceKind;
}

/** One listed security or identifier mapping (ticker, CUSIP, FIGI) of an issuer. */
export interface SecurityRow {
  cik: number | null;
  ticker: string | null;
  exchange: string | null;
  name: string | null;
  cusip: string | null;
  compositeFigi: string | null;
  shareClassFigi: string | null;
  /** stock, etf, mutual-fund, preferred, note, unknown */
  kind: string | null;
  asOf: string;
  source: SourceKind;
}

/** One reporting owner of a Form 3/4/5 with the relationship boxes ticked on that filing. */
export interface InsiderOwner {
  cik: number | null;
  name: string;
  isDirector: boolean;
  isOfficer: boolean;
  isTenPercentOwner: boolean;
  isOther: boolean;
  officerTitle: string | null;
  otherText: string | null;
}

/** One Form 3, 4 or 5 (or amendment) as filed: issuer, every reporting owner, footnote texts. */
export interface InsiderFilingRow {
  /** Real accession, or `content-<hash>` when a bare document carries none (see ownershipFilingMeta.ts). */
  accession: string;
  issuerCik: number;
  issuerName: string | null;
  issuerSymbol: string | null;
  /** `3`, `3/A`, `4`, `4/A`, `5`, `5/A`. */
  documentType: string;
  periodOfReport: string | null;
  filed: string | null;
  dateOfOriginalSubmission: string | null;
  noSecuritiesOwned: boolean | null;
  notSubjectToSection16: boolean | null;
  aff10b5One: boolean | null;
  owners: InsiderOwner[];
  footnotes: { id: string; text: string }[];
  remarks: string | null;
  source: SourceKind;
}

/** One row of a Form 3/4/5 table: a transaction or a holding, non-derivative or derivative. */
export interface InsiderTransactionRow {
  accession: string;
  issuerCik: number;
  documentType: string;
  isDerivative: boolean;
  isHolding: boolean;
  /** 1-based position of the row within its table (transactions and holdings counted separately). */
  seq: number;
  securityTitle: string | null;
  transactionDate: string | null;
  deemedExecutionDate: string | null;
  transactionFormType: string | null;
  transactionCode: string | null;
  equitySwapInvolved: boolean | null;
  timeliness: string | null;
  shares: number | null;
  pricePerShare: number | null;
  acquiredDisposed: string | null;
  sharesAfter: number | null;
  valueAfter: number | null;
  directIndirect: string | null;
  natureOfOwnership: string | null;
  exercisePrice: number | null;
  exerciseDate: string | null;
  expirationDate: string | null;
  underlyingSecurity: string | null;
  underlyingShares: number | null;
  /** Footnote ids (`F1`...) referenced anywhere in the row. */
  footnoteIds: string[];
  source: SourceKind;
}

/** The cover and summary page of one 13F filing (13F-HR, 13F-HR/A, 13F-NT...). */
export interface Form13fReportRow {
  accession: string;
  managerCik: number | null;
  managerName: string | null;
  form: string;
  /** Quarter end the report is for. */
  periodOfReport: string | null;
  filed: string | null;
  reportType: string | null;
  isAmendment: boolean;
  amendmentNo: number | null;
  /** `RESTATEMENT` or `NEW HOLDINGS` on amendments. */
  amendmentType: string | null;
  tableEntryTotal: number | null;
  /** As filed: thousands of dollars before 2023-01-03, dollars since. */
  tableValueTotal: number | null;
  otherManagersCount: number | null;
  fileNumber: string | null;
  source: SourceKind;
}

/** One row of a 13F information table, value as filed (its unit depends on the filing date; see sql/60_ownership). */
export interface Holding13fRow {
  accession: string;
  seq: number;
  nameOfIssuer: string | null;
  titleOfClass: string | null;
  cusip: string;
  figi: string | null;
  value: number | null;
  shares: number | null;
  /** `SH` or `PRN`. */
  shareType: string | null;
  /** `PUT`, `CALL` or null. */
  putCall: string | null;
  investmentDiscretion: string | null;
  otherManager: string | null;
  votingSole: number | null;
  votingShared: number | null;
  votingNone: number | null;
  source: SourceKind;
}

/** One reporting person's cover-page row of a Schedule 13D or 13G (or amendment). */
export interface BeneficialOwnerRow {
  accession: string;
  /** As filed: `SC 13D`, `SC 13G/A`, `SCHEDULE 13D`, `SCHEDULE 13G/A`... */
  form: string;
  isAmendment: boolean;
  amendmentNo: number | null;
  filed: string | null;
  eventDate: string | null;
  issuerCik: number | null;
  issuerName: string | null;
  cusip: string;
  securityClassTitle: string | null;
  filerCik: number | null;
  seq: number;
  personCik: number | null;
  personName: string;
  typeOfReportingPerson: string | null;
  citizenship: string | null;
  soleVoting: number | null;
  sharedVoting: number | null;
  soleDispositive: number | null;
  sharedDispositive: number | null;
  aggregateAmount: number | null;
  percentOfClass: number | null;
  memberOfGroup: string | null;
  /** Item 4 (purpose of transaction) text. */
  purpose: string | null;
  /** 13G: `13d-1(b)`, `13d-1(c)`, `13d-1(d)`. */
  rule: string | null;
  source: SourceKind;
}

/** One exchange rate as its source quotes it: 1 `base` = `rate` `quote` on `date` (see engine/ingest/parsers/fx*.ts). */
export interface FxRateRow {
  date: string;
  base: string;
  quote: string;
  rate: number;
  /** `ecb`, `fred-h10`, `fx-snapshot`, `imf`: the precedence between them lives in sql/30_fx. */
  source: string;
  /** The day the rate became public (point in time): same day for ECB, the next weekly release for H.10. */
  published: string;
}

/** One document of a filing as its submission lists it (SGML <DOCUMENT> block or filing index page). */
export interface FilingDocumentRow {
  cik: number;
  accession: string;
  sequence: number | null;
  filename: string | null;
  /** The document's <TYPE>: the form for the primary document, EX-99.1, GRAPHIC, EX-101.INS ... */
  type: string | null;
  description: string | null;
  /** Bytes of the document as filed; null when the source does not say (uuencoded parts). */
  size: number | null;
  source: SourceKind;
}

/** A document's readable text (engine/documents), stored once per (accession, filename). */
export interface DocumentTextRow {
  cik: number;
  accession: string;
  filename: string;
  form: string | null;
  type: string | null;
  text: string;
  source: SourceKind;
}

/** One section of a stored document text: [sectionStart, sectionEnd) in characters (code points) of the text. */
export interface DocumentSectionRow {
  cik: number;
  accession: string;
  filename: string;
  code: string;
  title: string;
  sectionStart: number;
  sectionEnd: number;
  source: SourceKind;
}

// The per-dataset row lists are derived from the dataset descriptors (engine/warehouse/datasets.ts).
export type { DatasetRows, DatasetName } from '../warehouse/datasets.ts';
