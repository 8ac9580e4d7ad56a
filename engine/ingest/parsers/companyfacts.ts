// SEC companyfacts JSON (data.sec.gov/api/xbrl/companyfacts, and each member of companyfacts.zip):
// taxonomy -> concept -> unit -> [{start?, end, val, accn, fy, fp, form, filed, frame?}]. No dimensions exist here.
import { IngestError } from '../IngestError.ts';
import type { SourceFile } from '../SourceFile.ts';
import type { Batch } from '../Batch.ts';
import type { Parser } from './Parser.ts';
import type { FilingRow } from '../rows.ts';
import { isRecord, isoDate, parseCik, parseJsonFile } from './json.ts';

const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;

export const companyFactsParser: Parser = {
  kind: 'companyfacts',
  detect(_file, head) {
    return head.trimStart().startsWith('{') && head.includes('"facts"') && head.includes('"entityName"');
  },
  parse(file: SourceFile, batch: Batch) {
    const doc = parseJsonFile(file);
    if (!isRecord(doc)) throw new IngestError(file.name, 'companyfacts: top level is not an object');
    const cik = parseCik(doc.cik);
    if (cik === null) throw new IngestError(file.name, `companyfacts: missing or invalid "cik" (${JSON.stringify(doc.cik)})`);
    if (!isRecord(doc.facts)) throw new IngestError(file.name, 'companyfacts: missing "facts" object');
    const filings = new Map<string, FilingRow>();
    let newest = '';
    for (const [taxonomy, concepts] of Object.entries(doc.facts)) {
      if (!isRecord(concepts)) throw new IngestError(file.name, `companyfacts: facts.${taxonomy} is not an object`);
      for (const [name, concept] of Object.entries(concepts)) {
        if (!isRecord(concept) || !isRecord(concept.units)) {
          throw new IngestError(file.name, `companyfacts: ${taxonomy}:${name} has no "units"`);
        }
        // one string per concept, shared by its facts (built per fact it cost a concatenation and a copy each)
        const qname = `${taxonomy}:${name}`;
        for (const [unit, list] of Object.entries(concept.units)) {
          if (!Array.isArray(list)) throw new IngestError(file.name, `companyfacts: ${taxonomy}:${name} unit ${unit} is not a list`);
          for (const f of list) {
            if (!isRecord(f)) throw new IngestError(file.name, `companyfacts: ${taxonomy}:${name} has a non-object fact`);
            const end = isoDate(f.end);
            const accn = typeof f.accn === 'string' && ACCESSION.test(f.accn) ? f.accn : null;
            const value = typeof f.val === 'number' ? f.val : NaN;
            if (!end || !accn || !Number.isFinite(value)) {
              throw new IngestError(file.name, `companyfacts: ${taxonomy}:${name} (${unit}) has a fact without a valid end/accn/val: ${JSON.stringify(f).slice(0, 200)}`);
            }
            const filed = isoDate(f.filed);
            const form = typeof f.form === 'string' ? f.form : null;
            const fy = typeof f.fy === 'number' ? f.fy : null;
            const fp = typeof f.fp === 'string' ? f.fp : null;
            batch.facts.push({
              cik,
              accession: accn,
              form,
              filed,
              concept: qname,
              unit,
              value,
              decimals: null,
              periodStart: isoDate(f.start),
              periodEnd: end,
              dims: [],
              fy,
              fp,
              frame: typeof f.frame === 'string' ? f.frame : null,
              source: 'companyfacts',
            });
            if (filed && filed > newest) newest = filed;
            if (!filings.has(accn) && form) {
              filings.set(accn, {
                cik, accession: accn, form, filed, accepted: null, reportDate: null,
                isAmendment: form.endsWith('/A'), items: [], isXbrl: true, isInlineXbrl: null,
                primaryDocument: null, primaryDocDescription: null, documents: [], size: null,
                fileNumber: null, filmNumber: null, act: null, fy, fp, source: 'companyfacts',
              });
            }
          }
        }
      }
    }
    batch.filings.push(...filings.values());
    const name = typeof doc.entityName === 'string' ? doc.entityName : null;
    if (name) {
      batch.entities.push({
        cik, name, entityType: null, sic: null, sicDescription: null, category: null,
        stateOfIncorporation: null, stateOfIncorporationDescription: null, fiscalYearEnd: null, ein: null,
        description: null, website: null, phone: null, tickers: [], exchanges: [], formerNames: [],
        businessAddress: null, mailingAddress: null, insiderTransactionForOwnerExists: null,
        insiderTransactionForIssuerExists: null, asOf: newest || '1970-01-01', source: 'companyfacts',
      });
    }
  },
};
