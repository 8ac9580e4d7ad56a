// Synthetic IPO issuers for the IPO calendar, written as the submissions JSON EDGAR serves for a registrant that has
// not listed yet: S-1/F-1 and amendments, the SEC's EFFECT notice, the 424B4 final prospectus, a Form RW. One deal goes
// filed -> upcoming -> priced, one upcoming -> withdrawn, one stays filed, a foreign (F-1) one is upcoming.
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_CIK_FIRST } from './DemoCompany.ts';

export interface DemoIpoFiling {
  form: 'S-1' | 'S-1/A' | 'F-1' | 'F-1/A' | 'EFFECT' | '424B4' | 'RW';
  filed: string;
}

/** What the prospectus covers state (demo/demoIpoDocuments.ts writes them). */
export interface DemoIpoTerms {
  /** Shares (or, for an F-1, ordinary shares) offered, before the over-allotment option. */
  shares: number;
  overAllotment: number;
  rangeLow: number;
  rangeHigh: number;
  /** The price the 424B4 states; null for a deal that never prices. */
  price: number | null;
  ticker: string;
  /** The market as the cover names it ("Nasdaq Global Market"). */
  market: string;
  underwriter: string;
}

export interface DemoIpo {
  cik: number;
  name: string;
  /** Absent: the deal has no prospectus documents, only its submissions JSON. */
  terms?: DemoIpoTerms;
  /** Listed after pricing only: EDGAR shows no ticker before. */
  listing: { ticker: string; exchange: string } | null;
  stateOfIncorporation: string;
  filings: readonly DemoIpoFiling[];
}

/** Where each deal ends: the stage its documents put it in. */
export const DEMO_IPOS: readonly DemoIpo[] = Object.freeze([
  {
    cik: DEMO_CIK_FIRST + 501, name: 'Demo Lantern Robotics Inc (DEMO DATA)', listing: { ticker: 'DEMOL', exchange: 'Nasdaq' }, stateOfIncorporation: 'DE',
    terms: { shares: 6_000_000, overAllotment: 900_000, rangeLow: 14, rangeHigh: 16, price: 15, ticker: 'DEMOL', market: 'Nasdaq Global Market', underwriter: 'Demo Capital Markets LLC' },
    filings: [{ form: 'S-1', filed: '2024-09-03' }, { form: 'S-1/A', filed: '2024-10-01' }, { form: 'EFFECT', filed: '2024-10-16' }, { form: '424B4', filed: '2024-10-18' }],
  },
  {
    cik: DEMO_CIK_FIRST + 502, name: 'Demo Harbor Biologics Corp (DEMO DATA)', listing: null, stateOfIncorporation: 'DE',
    terms: { shares: 5_000_000, overAllotment: 750_000, rangeLow: 11, rangeHigh: 13, price: null, ticker: 'DEMOH', market: 'Nasdaq Global Select Market', underwriter: 'Demo Securities & Co.' },
    filings: [{ form: 'S-1', filed: '2024-05-06' }, { form: 'S-1/A', filed: '2024-06-03' }, { form: 'EFFECT', filed: '2024-06-20' }, { form: 'RW', filed: '2024-07-08' }],
  },
  {
    cik: DEMO_CIK_FIRST + 503, name: 'Demo Quill Software Inc (DEMO DATA)', listing: null, stateOfIncorporation: 'DE',
    terms: { shares: 8_000_000, overAllotment: 1_200_000, rangeLow: 20, rangeHigh: 23, price: null, ticker: 'DEMOQ', market: 'New York Stock Exchange', underwriter: 'Demo Capital Markets LLC' },
    filings: [{ form: 'S-1', filed: '2025-02-03' }, { form: 'S-1/A', filed: '2025-03-03' }],
  },
  {
    cik: DEMO_CIK_FIRST + 504, name: 'Demo Fjord Shipping ASA (DEMO DATA)', listing: null, stateOfIncorporation: 'Q8',
    terms: { shares: 10_000_000, overAllotment: 1_500_000, rangeLow: 9, rangeHigh: 11, price: null, ticker: 'DEMOF', market: 'New York Stock Exchange', underwriter: 'Demo Nordic Securities AS' },
    filings: [{ form: 'F-1', filed: '2025-01-13' }, { form: 'F-1/A', filed: '2025-02-10' }, { form: 'EFFECT', filed: '2025-02-26' }],
  },
]);

const DESCRIPTIONS: Record<DemoIpoFiling['form'], string> = {
  'S-1': 'REGISTRATION STATEMENT', 'S-1/A': 'AMENDMENT NO. 1 TO FORM S-1', 'F-1': 'REGISTRATION STATEMENT',
  'F-1/A': 'AMENDMENT NO. 1 TO FORM F-1', EFFECT: '', '424B4': 'FINAL PROSPECTUS', RW: 'REQUEST FOR WITHDRAWAL',
};

/** The accession of one of the deal's filings: the SEC files EFFECT notices under its own filer-agent prefix. */
export function ipoAccession(ipo: DemoIpo, f: DemoIpoFiling): string {
  const seq = ipo.filings.indexOf(f) + 1;
  return f.form === 'EFFECT' ? `9999999995-${f.filed.slice(2, 4)}-${String(ipo.cik % 1000).padStart(3, '0')}${String(seq).padStart(3, '0')}`
    : `${String(ipo.cik).padStart(10, '0')}-${f.filed.slice(2, 4)}-${String(seq).padStart(6, '0')}`;
}

export function ipoPrimaryDocument(ipo: DemoIpo, f: DemoIpoFiling): string {
  return f.form === 'EFFECT' ? 'xslEFFECTX01/primary_doc.xml' : `d${String(ipo.cik % 1000)}${f.form.replace(/\W/g, '').toLowerCase()}.htm`;
}

/** The issuer's submissions JSON with the filings made on or before `through` (all of them by default). */
export function ipoSubmissionsJson(ipo: DemoIpo, through = '9999-12-31'): Record<string, unknown> {
  const filings = ipo.filings.filter((f) => f.filed <= through).sort((a, b) => b.filed.localeCompare(a.filed));
  const accession = (f: DemoIpoFiling) => ipoAccession(ipo, f);
  const listed = ipo.listing && filings.some((f) => f.form === '424B4');
  const column = <T>(get: (f: DemoIpoFiling) => T): T[] => filings.map(get);
  return {
    cik: String(ipo.cik), entityType: 'operating', sic: '9999', sicDescription: 'Nonclassifiable Establishments', name: ipo.name,
    tickers: listed && ipo.listing ? [ipo.listing.ticker] : [], exchanges: listed && ipo.listing ? [ipo.listing.exchange] : [],
    description: 'Synthetic demo filer generated by this project; not a real company.',
    category: 'Non-accelerated filer', fiscalYearEnd: '1231', stateOfIncorporation: ipo.stateOfIncorporation,
    formerNames: [],
    filings: {
      recent: {
        accessionNumber: column(accession),
        filingDate: column((f) => f.filed),
        reportDate: column(() => ''),
        acceptanceDateTime: column((f) => `${f.filed}T17:02:11.000Z`),
        act: column(() => '33'),
        form: column((f) => f.form),
        fileNumber: column(() => `333-${String(280000 + (ipo.cik % 1000))}`),
        filmNumber: column((f) => String(25000000 + ipo.filings.indexOf(f))),
        items: column(() => ''),
        core_type: column((f) => f.form),
        size: column((f) => (f.form === 'EFFECT' ? 1200 : 2_500_000)),
        isXBRL: column(() => 0),
        isInlineXBRL: column(() => 0),
        primaryDocument: column((f) => ipoPrimaryDocument(ipo, f)),
        primaryDocDescription: column((f) => DESCRIPTIONS[f.form]),
      },
      files: [],
    },
  };
}

/** Writes every demo IPO issuer's submissions JSON into `dir/ipos`; returns the files. */
export function writeDemoIpos(dir: string, ipos: readonly DemoIpo[] = DEMO_IPOS): string[] {
  const folder = path.join(dir, 'ipos');
  fs.mkdirSync(folder, { recursive: true });
  return ipos.map((ipo) => {
    const file = path.join(folder, `CIK${String(ipo.cik).padStart(10, '0')}.json`);
    fs.writeFileSync(file, JSON.stringify(ipoSubmissionsJson(ipo)));
    return file;
  });
}
