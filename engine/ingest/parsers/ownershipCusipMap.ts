// A user-supplied CUSIP mapping file: CSV whose header names a `cusip` column and a `ticker` column, optionally
// `figi` / `composite_figi` / `share_class_figi`, `cik` and `name` (e.g. an OpenFIGI export, or edgartools' CUSIP ->
// ticker table). Each row becomes a securities row (source 'cusip-map'); the ticker links the CUSIP to an issuer.
import { defined } from '../../query/defined.ts';
import { IngestError } from '../IngestError.ts';
import type { Parser } from './Parser.ts';
import type { SecurityRow } from '../rows.ts';
import { cusipOf } from './schedule13Cusip.ts';

function splitCsv(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = defined(line[i], 'line[i]');
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') { field += '"'; i++; }
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { out.push(field); field = ''; }
    else field += ch;
  }
  out.push(field);
  return out.map((f) => f.trim());
}

function headerOf(head: string): string[] {
  const first = head.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return splitCsv(first).map((h) => h.toLowerCase().replace(/[\s-]+/g, '_'));
}

export const cusipMapParser: Parser = {
  kind: 'cusip-map',
  detect(file, head) {
    if (!/\.csv(\.gz)?$/i.test(file.name) && !/^\uFEFF?\s*"?cusip/i.test(head)) return false;
    const h = headerOf(head);
    return h.includes('cusip') && (h.includes('ticker') || h.includes('symbol') || h.some((c) => c.endsWith('figi')));
  },
  parse(file, batch) {
    const lines = file.bytes.toString('utf8').replace(/^\uFEFF/, '').split(/\r?\n/);
    const header = headerOf(lines[0] ?? '');
    const col = (...names: string[]) => header.findIndex((h) => names.includes(h));
    const iCusip = col('cusip');
    const iTicker = col('ticker', 'symbol');
    const iComposite = col('composite_figi', 'compositefigi', 'figi');
    const iShareClass = col('share_class_figi', 'shareclassfigi');
    const iCik = col('cik');
    const iName = col('name', 'issuer', 'issuer_name');
    const rows: SecurityRow[] = [];
    for (let n = 1; n < lines.length; n++) {
      const line = defined(lines[n], 'lines[n]');
      if (line.trim() === '') continue;
      const f = splitCsv(line);
      const at = (i: number) => (i >= 0 && f[i] ? f[i] : null);
      const cusip = cusipOf(at(iCusip));
      // placeholder and malformed identifiers in third-party maps are skipped, not fatal
      if (!cusip) continue;
      const ticker = at(iTicker)?.toUpperCase() ?? null;
      const cik = at(iCik);
      rows.push({
        cik: cik && /^\d{1,10}$/.test(cik) ? Number(cik) : null,
        ticker: ticker && /^TEST[A-Z]?$/.test(ticker) ? null : ticker,
        exchange: null,
        name: at(iName),
        cusip,
        compositeFigi: at(iComposite),
        shareClassFigi: at(iShareClass),
        kind: null,
        asOf: '1970-01-01',
        source: 'cusip-map',
      });
    }
    if (rows.length === 0) throw new IngestError(file.name, 'CUSIP map: no row with a valid 9-character CUSIP');
    batch.securities.push(...rows);
  },
};
