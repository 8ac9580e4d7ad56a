// SEC Financial Statement (FS) and Financial Statement and Notes (FSN) data sets: a group of tab-separated tables
// (sub, num, tag, pre; FSN adds dim, txt, cal, ren) from a quarterly zip or a folder. Each numeric `num` row becomes a
// fact (source 'fsds'), each `sub` row a filing, each registrant one entity row (its newest submission in the group).
// Both num layouts are read by header name: current (adsh, tag, version, ddate, qtrs, uom, segments, coreg, value,
// footnote), legacy (adsh, tag, version, coreg, ddate, qtrs, uom, value, footnote) and FSN (… dimh, iprx, …, dcml).
// Period rounding, dimension naming and the no-sub rule are explained in fsdsPeriod.ts, fsdsDims.ts, fsdsFiler.ts.
import { defined } from '../../query/defined.ts';
import { IngestError } from '../IngestError.ts';
import type { SourceFile, SourceGroup } from '../SourceFile.ts';
import type { Batch } from '../Batch.ts';
import type { EntityRow } from '../rows.ts';
import type { GroupParser } from './GroupParser.ts';
import { readTsv } from './tsv.ts';
import { readSub, type SubInfo } from './fsdsSub.ts';
import { conceptOf } from './fsdsConcept.ts';
import { fsPeriod } from './fsdsPeriod.ts';
import { fsDims, NO_DIMENSIONS } from './fsdsDims.ts';
import { filerResolver, type Filer } from './fsdsFiler.ts';

const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;
/** FSN `dcml`: 32767 stands for INF, -32768 for a fact without a decimals attribute. */
const DCML_INF = 32767;
const DCML_NONE = -32768;
const CURRENCY = /^[A-Z]{3}$/;

export const fsdsParser: GroupParser = {
  kind: 'fsds',
  detect(group) {
    return group.files.has('num.txt');
  },
  parse(group: SourceGroup, batch: Batch) {
    const num = defined(group.files.get('num.txt'), 'group.files.get(\'num.txt\')');
    const subFile = group.files.get('sub.txt');
    const subs = subFile ? readSub(subFile) : new Map<string, SubInfo>();
    const perShare = perShareTags(group.files.get('tag.txt'));
    tagLabels(group.files.get('tag.txt'), subs, batch);
    const dimTable = readDimTable(group.files.get('dim.txt'));
    const resolveFiler = filerResolver(batch);
    const filers = new Map<string, Filer & { extPrefix: string | null }>();
    const filerOf = (adsh: string, line: number) => {
      let f = filers.get(adsh);
      if (f) return f;
      const sub = subs.get(adsh);
      if (sub) {
        f = { cik: sub.cik, form: sub.form, filed: sub.filed, fy: sub.fy, fp: sub.fp, extPrefix: sub.extPrefix };
      } else {
        const r = resolveFiler(adsh);
        if (typeof r === 'string') throw new IngestError(num.name, `line ${String(line)}: ${r}`);
        f = { ...r, extPrefix: null };
      }
      filers.set(adsh, f);
      return f;
    };

    const t = readTsv(num);
    for (const need of ['adsh', 'tag', 'version', 'ddate', 'qtrs', 'uom', 'value']) {
      if (t.index(need) < 0) throw new IngestError(num.name, `num table has no "${need}" column (header: ${t.columns.join(',')})`);
    }
    const c = {
      adsh: t.index('adsh'), tag: t.index('tag'), version: t.index('version'), ddate: t.index('ddate'),
      qtrs: t.index('qtrs'), uom: t.index('uom'), value: t.index('value'), segments: t.index('segments'),
      coreg: t.index('coreg'), dimh: t.index('dimh'), dcml: t.index('dcml'),
    };
    const at = (fields: string[], i: number): string => (i < 0 ? '' : (fields[i] ?? ''));
    // a quarter has ~100k rows but only hundreds of distinct periods and a few thousand concepts
    const periods = new Map<string, ReturnType<typeof fsPeriod>>();
    const concepts = new Map<string, string>();
    for (const { line, fields } of t.rows()) {
      if (fields.length < t.columns.length - 1) {
        throw new IngestError(num.name, `line ${String(line)}: ${String(fields.length)} fields where the header has ${String(t.columns.length)}`);
      }
      const valueText = at(fields, c.value).trim();
      // the SEC keeps rows whose value is NULL (nil facts such as CommitmentsAndContingencies): nothing to store
      if (valueText === '') continue;
      const value = Number(valueText);
      if (!Number.isFinite(value)) throw new IngestError(num.name, `line ${String(line)}: value ${JSON.stringify(valueText)} is not a number`);
      const adsh = at(fields, c.adsh).trim();
      if (!ACCESSION.test(adsh)) throw new IngestError(num.name, `line ${String(line)}: adsh ${JSON.stringify(adsh)} is not an accession number`);
      const tag = at(fields, c.tag).trim();
      const version = at(fields, c.version).trim();
      const uom = at(fields, c.uom).trim();
      if (!tag || !version || !uom) throw new IngestError(num.name, `line ${String(line)}: tag, version and uom are required`);
      const filer = filerOf(adsh, line);
      const ddate = at(fields, c.ddate).trim();
      const qtrs = at(fields, c.qtrs);
      const periodKey = `${ddate}/${qtrs}`;
      let period = periods.get(periodKey);
      if (!period) periods.set(periodKey, (period = fsPeriod(ddate, qtrs, num.name, line)));
      const conceptKey = `${tag}\t${version}\t${filer.extPrefix ?? ''}`;
      let concept = concepts.get(conceptKey);
      if (concept === undefined) concepts.set(conceptKey, (concept = conceptOf(tag, version, filer.extPrefix)));
      const segments = at(fields, c.segments);
      const coreg = at(fields, c.coreg);
      const dimh = at(fields, c.dimh);
      const dcml = c.dcml < 0 ? NaN : Number(at(fields, c.dcml));
      batch.facts.push({
        cik: filer.cik,
        accession: adsh,
        form: filer.form,
        filed: filer.filed,
        concept,
        // FS writes a per-share amount's unit as the bare currency; the tag table's datatype restores `USD/shares`
        unit: CURRENCY.test(uom) && perShare.has(`${tag}\t${version}`) ? `${uom}/shares` : uom,
        value,
        decimals: Number.isInteger(dcml) && dcml !== DCML_INF && dcml !== DCML_NONE ? dcml : null,
        periodStart: period.periodStart,
        periodEnd: period.periodEnd,
        dims: segments === '' && coreg === '' && (dimh === '' || dimh === NO_DIMENSIONS) ? [] : fsDims({ segments, coreg, dimh, dimTable }),
        fy: filer.fy,
        fp: filer.fp,
        frame: null,
        source: 'fsds',
      });
    }

    const newest = new Map<number, EntityRow>();
    for (const sub of subs.values()) {
      batch.filings.push(sub.filing);
      const seen = newest.get(sub.cik);
      if (!seen || sub.entity.asOf >= seen.asOf) newest.set(sub.cik, sub.entity);
    }
    // one description per registrant and group: a quarter's several 10-Q/8-K rows would only repeat it
    batch.entities.push(...newest.values());
  },
};

/** (tag, version) pairs whose tag-table datatype is perShare. */
function perShareTags(file: SourceFile | undefined): Set<string> {
  const out = new Set<string>();
  if (!file) return out;
  const t = readTsv(file);
  const tag = t.index('tag');
  const version = t.index('version');
  const datatype = t.index('datatype');
  if (tag < 0 || version < 0 || datatype < 0) return out;
  for (const { fields } of t.rows()) {
    if (fields[datatype] === 'perShare') out.add(`${String(fields[tag])}\t${String(fields[version])}`);
  }
  return out;
}

/**
 * The tag table's labels (tlabel) as `labels` rows: a company extension's (version = the defining accession) scoped to
 * that filer, a standard taxonomy's (version = taxonomy/year) unscoped.
 */
function tagLabels(file: SourceFile | undefined, subs: ReadonlyMap<string, SubInfo>, batch: Batch): void {
  if (!file) return;
  const t = readTsv(file);
  const [tag, version, tlabel] = [t.index('tag'), t.index('version'), t.index('tlabel')];
  if (tag < 0 || version < 0 || tlabel < 0) return;
  for (const { fields } of t.rows()) {
    const [name, ver, label] = [fields[tag] ?? '', fields[version] ?? '', (fields[tlabel] ?? '').trim()];
    if (name === '' || label === '') continue;
    const own = ACCESSION.test(ver);
    const sub = own ? subs.get(ver) : undefined;
    batch.labels.push({
      cik: sub?.cik ?? null, accession: own ? ver : null, document: file.name, element: conceptOf(name, ver, sub?.extPrefix ?? null),
      role: 'label', lang: 'en-US', label, source: 'fsds',
    });
  }
}

/** FSN dim table: dimension hash -> segments text (same `Axis=Member;` form as FS num.segments). */
function readDimTable(file: SourceFile | undefined): Map<string, string> | undefined {
  if (!file) return undefined;
  const t = readTsv(file);
  const hash = t.index('dimh') >= 0 ? t.index('dimh') : t.index('dimhash');
  const segments = t.index('segments');
  if (hash < 0 || segments < 0) throw new IngestError(file.name, `dim table needs dimh and segments columns (header: ${t.columns.join(',')})`);
  const out = new Map<string, string>();
  for (const { fields } of t.rows()) out.set(fields[hash] ?? '', fields[segments] ?? '');
  return out;
}
