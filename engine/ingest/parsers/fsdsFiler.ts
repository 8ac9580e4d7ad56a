// Who filed an accession when the FS group has no `sub` row for it (hand-made extracts such as a single filing's
// num/pre; every SEC release ships sub). In order of trust:
//  1. a filing of the same accession already described in this batch (submissions JSON, companyfacts, SGML header):
//     sound, and it brings form/filed/fy/fp;
//  2. the accession's first ten digits, which are the CIK of whoever submitted it. That is the registrant for a
//     self-filed accession (0000320193-20-000096 is Apple's own) but a filing agent's CIK otherwise (64% of the
//     FS submissions in the fixture quarters were filed by agents). The data set cannot tell the two apart, so this
//     is accepted only when the prefix is not one of the agents seen filing for other registrants in the SEC's
//     FS sub tables (a guard, not a proof); such facts carry no form/filed/fy/fp and make no filing/entity rows.
import type { Batch } from '../Batch.ts';

export interface Filer {
  cik: number;
  form: string | null;
  filed: string | null;
  fy: number | null;
  fp: string | null;
}

/** Accession prefixes that filed for a different CIK at least 20 times in the 2009q3, 2010q2 and 2019q1 sub tables. */
const FILING_AGENTS: ReadonlySet<number> = new Set([
  1193125, 1564590, 1558370, 950123, 1144204, 1493152, 1437749, 1213900, 1628280, 1104659, 1047469, 1654954,
  1477932, 1140361, 1640334, 1615774, 1683168, 1171843, 1185185, 1178913, 1062993, 1214659, 1387131,
]);

export function filerResolver(batch: Batch): (adsh: string) => Filer | string {
  let known: Map<string, Filer> | null = null;
  return (adsh) => {
    if (!known) {
      known = new Map();
      // A filing listed under several companies (co-registrants) is the data set's own sub row's, else the first
      // company its source names (an SGML header's filer comes first).
      for (const f of batch.filings) {
        if (f.source === 'fsds' || !known.has(f.accession)) known.set(f.accession, { cik: f.cik, form: f.form, filed: f.filed, fy: f.fy, fp: f.fp });
      }
    }
    const hit = known.get(adsh);
    if (hit) return hit;
    const prefix = Number(adsh.slice(0, 10));
    if (!(prefix > 0)) return `accession ${adsh} has no sub row and no CIK prefix`;
    if (FILING_AGENTS.has(prefix)) {
      return `accession ${adsh} has no sub row and was submitted by filing agent CIK ${String(prefix)}, so its registrant is unknown: include sub.txt or ingest the filer's submissions JSON in the same run`;
    }
    return { cik: prefix, form: null, filed: null, fy: null, fp: null };
  };
}
