// The FS/FSN `sub` table: one row per submission (adsh). Gives facts their cik/form/filed/fy/fp and yields the
// filing and registrant rows (address, SIC, fiscal year end, former name, filer status).
import { IngestError } from '../IngestError.ts';
import type { SourceFile } from '../SourceFile.ts';
import type { Address, EntityRow, FilingRow } from '../rows.ts';
import { readTsv } from './tsv.ts';
import { fsDate } from './fsdsPeriod.ts';
import { extensionPrefix } from './fsdsConcept.ts';

export interface SubInfo {
  adsh: string;
  cik: number;
  form: string;
  filed: string | null;
  accepted: string | null;
  fy: number | null;
  fp: string | null;
  extPrefix: string | null;
  filing: FilingRow;
  entity: EntityRow;
}

const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;

/** SEC filer-status codes (sub.afs) in the words data.sec.gov submissions uses for `category`. */
const CATEGORY_OF_AFS: Readonly<Record<string, string>> = {
  '1-LAF': 'Large accelerated filer',
  '2-ACC': 'Accelerated filer',
  '3-SRA': 'Accelerated filer<br>Smaller reporting company',
  '4-NON': 'Non-accelerated filer',
  '5-SML': 'Non-accelerated filer<br>Smaller reporting company',
};

export function readSub(file: SourceFile): Map<string, SubInfo> {
  const t = readTsv(file);
  for (const need of ['adsh', 'cik', 'name', 'form', 'filed']) {
    if (t.index(need) < 0) throw new IngestError(file.name, `sub table has no "${need}" column (header: ${t.columns.join(',')})`);
  }
  const col = (name: string) => t.index(name);
  const out = new Map<string, SubInfo>();
  for (const { line, fields } of t.rows()) {
    const get = (name: string): string => {
      const i = col(name);
      return i < 0 ? '' : (fields[i] ?? '').trim();
    };
    const opt = (name: string): string | null => get(name) || null;
    const adsh = get('adsh');
    const cik = Number(get('cik'));
    if (!ACCESSION.test(adsh)) throw new IngestError(file.name, `line ${String(line)}: adsh ${JSON.stringify(adsh)} is not an accession number`);
    if (!Number.isInteger(cik) || cik <= 0) throw new IngestError(file.name, `line ${String(line)}: cik ${JSON.stringify(get('cik'))} is not a CIK`);
    const form = get('form');
    if (!form) throw new IngestError(file.name, `line ${String(line)}: sub row ${adsh} has no form`);
    const filed = fsDate(get('filed'));
    const accepted = acceptedIso(get('accepted'));
    const fyText = get('fy');
    const fy = /^\d{4}$/.test(fyText) ? Number(fyText) : null;
    const fp = opt('fp');
    const instance = get('instance');
    const period = fsDate(get('period'));
    const filing: FilingRow = {
      cik, accession: adsh, form, filed, accepted,
      reportDate: reportDate(period, instance),
      isAmendment: form.endsWith('/A'), items: [], isXbrl: true,
      // the SEC names the instance extracted from an inline XBRL document `<name>_htm.xml`
      isInlineXbrl: instance.toLowerCase().endsWith('_htm.xml') ? true : null,
      primaryDocument: null, primaryDocDescription: null, documents: instance ? [instance] : [], size: null,
      fileNumber: null, filmNumber: null, act: null, fy, fp, source: 'fsds',
    };
    const former = get('former');
    const entity: EntityRow = {
      cik, name: get('name'), entityType: null, sic: opt('sic'), sicDescription: null,
      category: CATEGORY_OF_AFS[get('afs')] ?? null,
      stateOfIncorporation: opt('stprinc') ?? opt('countryinc'), stateOfIncorporationDescription: null,
      // sub.fye is rounded to the nearest month end by the SEC (Apple: 0930 here, 0926 in submissions JSON)
      fiscalYearEnd: /^\d{4}$/.test(get('fye')) ? get('fye') : null,
      ein: opt('ein'), description: null, website: null, phone: opt('baph'), tickers: [], exchanges: [],
      formerNames: former ? [{ name: former, from: null, to: fsDate(get('changed')) }] : [],
      businessAddress: address(get, 'ba', 'bas'), mailingAddress: address(get, 'ma', 'mas'),
      insiderTransactionForOwnerExists: null, insiderTransactionForIssuerExists: null,
      asOf: filed ?? '1970-01-01', source: 'fsds',
    };
    out.set(adsh, { adsh, cik, form, filed, accepted, fy, fp, extPrefix: extensionPrefix(instance), filing, entity });
  }
  return out;
}

/** `2024-11-01 06:02:00.0` (EDGAR Eastern wall-clock time) -> `2024-11-01T06:02:00`. */
function acceptedIso(v: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(v);
  return m ? `${String(m[1])}T${String(m[2])}` : null;
}

/**
 * sub.period is the balance-sheet date rounded to a month end; the instance name usually carries the exact date
 * (`aapl-20240928_htm.xml`). Use that when it lies within half a month of the rounded date, else the rounded date.
 */
function reportDate(period: string | null, instance: string): string | null {
  const m = /^[a-z][a-z0-9]{0,19}[-_](\d{8})/i.exec(instance);
  const exact = m ? fsDate(m[1]) : null;
  if (!period || !exact) return period;
  const days = Math.abs(Date.parse(exact) - Date.parse(period)) / 86_400_000;
  return Number.isFinite(days) && days <= 16 ? exact : period;
}

function address(get: (name: string) => string, suffix: string, street: string): Address | null {
  const a: Address = {
    street1: get(`${street}1`) || null,
    street2: get(`${street}2`) || null,
    city: get(`city${suffix}`) || null,
    // EDGAR's own code is a state for US/CA addresses and a country code otherwise; FS gives ISO country + state
    stateOrCountry: get(`stpr${suffix}`) || get(`country${suffix}`) || null,
    stateOrCountryDescription: null,
    zipCode: get(`zip${suffix}`) || null,
  };
  return Object.values(a).some((v) => v !== null) ? a : null;
}
