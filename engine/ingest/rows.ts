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

export interface DatasetRows {
  facts: FactRow[];
  filings: FilingRow[];
  entities: EntityRow[];
  securities: SecurityRow[];
}

export type DatasetName = keyof DatasetRows;
