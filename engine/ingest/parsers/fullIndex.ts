// EDGAR full-index files, daily and quarterly: form.idx and company.idx (fixed-width columns under a header) and
// master.idx (CIK|Company Name|Form Type|Date Filed|Filename). Each line is a filing: cik, form, filing date and
// accession (from the submission's path) become a FilingRow with source `full-index`; the company name of each CIK's
// newest line becomes an entity row (name only, dated by that line), so a company the index alone knows has a name.
import { IngestError } from '../IngestError.ts';
import type { Parser } from './Parser.ts';
import type { SourceFile } from '../SourceFile.ts';
import type { Batch } from '../Batch.ts';
import type { EntityRow } from '../rows.ts';

const HEAD = /^Description:\s+.*Index of EDGAR/;
/** The right-hand columns every fixed-width layout ends with: CIK, date filed, file name. */
const TAIL = /^(.*\S)\s+(\d{1,10})\s+(\d{8}|\d{4}-\d{2}-\d{2})\s+(edgar\/data\/\S+)\s*$/;

function isoDate(d: string): string {
  return d.includes('-') ? d : `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
}

/** The accession of a submission path: `.../0001140361-20-006155.txt` or the `.../000114036120006155/` folder. */
function accessionOf(file: string): string | null {
  const dashed = /(\d{10}-\d{2}-\d{6})(?:\.txt|-index\.html?)?$/.exec(file)?.[1];
  if (dashed) return dashed;
  const folder = /\/(\d{10})(\d{2})(\d{6})(?:\/|$)/.exec(file);
  return folder ? `${folder[1] ?? ''}-${folder[2] ?? ''}-${folder[3] ?? ''}` : null;
}

function push(batch: Batch, cik: number, form: string, filed: string, accession: string): void {
  batch.filings.push({
    cik, accession, form, filed, accepted: null, reportDate: null, isAmendment: form.endsWith('/A'), items: [],
    isXbrl: null, isInlineXbrl: null, primaryDocument: null, primaryDocDescription: null, documents: [], size: null,
    fileNumber: null, filmNumber: null, act: null, fy: null, fp: null, source: 'full-index',
  });
}

function entity(cik: number, name: string, asOf: string): EntityRow {
  return {
    cik, name, entityType: null, sic: null, sicDescription: null, category: null, stateOfIncorporation: null,
    stateOfIncorporationDescription: null, fiscalYearEnd: null, ein: null, description: null, website: null, phone: null,
    tickers: [], exchanges: [], formerNames: [], businessAddress: null, mailingAddress: null,
    insiderTransactionForOwnerExists: null, insiderTransactionForIssuerExists: null, asOf, source: 'full-index',
  };
}

export const fullIndexParser: Parser = {
  kind: 'full-index',
  detect(_file, head) {
    return HEAD.test(head);
  },
  parse(file: SourceFile, batch: Batch): void {
    const lines = file.bytes.toString('latin1').split(/\r?\n/);
    const rule = lines.findIndex((l) => /^-{20,}\s*$/.test(l));
    if (rule < 0) throw new IngestError(file.name, 'full-index: no "----" line under the column header');
    const header = lines.slice(0, rule).join('\n');
    const master = /CIK\|Company Name\|Form Type/.test(header);
    // form.idx starts with the form, company.idx with the name; the header says where the second column begins.
    const formFirst = /^Form Type/m.test(header);
    const split = formFirst ? header.split('\n').find((l) => l.startsWith('Form Type'))?.indexOf('Company Name')
      : header.split('\n').find((l) => l.startsWith('Company Name'))?.indexOf('Form Type');
    if (!master && (split === undefined || split < 0)) throw new IngestError(file.name, 'full-index: header names neither "Form Type" nor "Company Name" columns');
    const names = new Map<number, { name: string; filed: string }>();
    for (let i = rule + 1; i < lines.length; i++) {
      const line = lines[i] ?? '';
      if (line.trim() === '') continue;
      const where = `line ${String(i + 1)}`;
      let cik: number;
      let form: string;
      let filed: string;
      let path: string;
      let name: string;
      if (master) {
        const cells = line.split('|');
        if (cells.length !== 5) throw new IngestError(file.name, `full-index: ${where} has ${String(cells.length)} fields, expected 5`);
        [cik, name, form, filed, path] = [Number(cells[0]), (cells[1] ?? '').trim(), (cells[2] ?? '').trim(), (cells[3] ?? '').trim(), (cells[4] ?? '').trim()];
        if (!/^\d{8}$|^\d{4}-\d{2}-\d{2}$/.test(filed)) throw new IngestError(file.name, `full-index: ${where} has no date filed`);
        filed = isoDate(filed);
      } else {
        const m = TAIL.exec(line);
        if (!m) throw new IngestError(file.name, `full-index: ${where} does not end with CIK, date filed and file name`);
        const left = m[1] ?? '';
        form = (formFirst ? left.slice(0, split) : left.slice(split)).trim();
        name = (formFirst ? left.slice(split) : left.slice(0, split)).trim();
        [cik, filed, path] = [Number(m[2]), isoDate(m[3] ?? ''), m[4] ?? ''];
      }
      const accession = accessionOf(path);
      if (!Number.isInteger(cik) || cik <= 0 || form === '' || !accession) {
        throw new IngestError(file.name, `full-index: ${where} has no valid CIK, form or accession (${JSON.stringify(line.trim().slice(0, 120))})`);
      }
      push(batch, cik, form, filed, accession);
      const known = names.get(cik);
      if (name !== '' && (!known || filed > known.filed)) names.set(cik, { name, filed });
    }
    for (const [cik, { name, filed }] of names) batch.entities.push(entity(cik, name, filed));
  },
};
