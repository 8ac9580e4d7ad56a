// SEC Form N-PORT data sets (quarterly TSVs: SUBMISSION, REGISTRANT, FUND_REPORTED_INFO, FUND_REPORTED_HOLDING,
// IDENTIFIERS, MONTHLY_TOTAL_RETURN, ...): the same nport_* and fund identity rows the XML parser emits, source
// 'nport-dataset'. Columns are found by header name; dates are DD-MON-YYYY. A data set without FUND_REPORTED_INFO
// (only the filing and registrant tables) names no fund series, so it adds nothing.
import { IngestError } from '../IngestError.ts';
import type { SourceGroup } from '../SourceFile.ts';
import type { GroupParser } from './GroupParser.ts';
import type { NportHoldingRow } from '../rows.ts';
import { readTsv, type TsvTable } from './insiderDatasetTsv.ts';
import { bool, cikOf, dateOf, num } from './ownershipXmlTools.ts';

function table(group: SourceGroup, name: string, required: string[]): TsvTable | null {
  const file = group.files.get(`${name}.tsv`);
  return file ? readTsv(file, required) : null;
}

function rowsBy(t: TsvTable | null, column: string): Map<string, number[]> {
  const rows = new Map<string, number[]>();
  for (let r = 0; t && r < t.rows; r++) {
    const key = t.get(r, column) ?? '';
    const list = rows.get(key);
    if (list) list.push(r);
    else rows.set(key, [r]);
  }
  return rows;
}

export const nportDatasetParser: GroupParser = {
  kind: 'nport-dataset',
  detect(group) {
    return group.files.has('submission.tsv') && (group.files.has('registrant.tsv') || group.files.has('fund_reported_info.tsv'));
  },
  parse(group, batch) {
    const sub = table(group, 'submission', ['ACCESSION_NUMBER', 'FILING_DATE', 'SUB_TYPE', 'REPORT_DATE']);
    if (!sub) throw new IngestError(group.name, 'N-PORT data set: no SUBMISSION table');
    const reg = table(group, 'registrant', ['ACCESSION_NUMBER', 'CIK', 'REGISTRANT_NAME']);
    const info = table(group, 'fund_reported_info', ['ACCESSION_NUMBER', 'SERIES_ID', 'TOTAL_ASSETS', 'TOTAL_LIABILITIES', 'NET_ASSETS']);
    if (!info) return;
    if (!reg) throw new IngestError(group.name, 'N-PORT data set: FUND_REPORTED_INFO without a REGISTRANT table (no registrant CIK)');
    const subs = rowsBy(sub, 'ACCESSION_NUMBER');
    const regs = rowsBy(reg, 'ACCESSION_NUMBER');
    const known = new Map<string, string>();
    for (let r = 0; r < info.rows; r++) {
      const line = `line ${String(r + 2)}`;
      const accession = info.get(r, 'ACCESSION_NUMBER') ?? '';
      const s = subs.get(accession)?.[0];
      const g = regs.get(accession)?.[0];
      if (s === undefined || g === undefined) throw new IngestError(info.name, `N-PORT data set: ${line} names accession ${JSON.stringify(accession)}, which SUBMISSION or REGISTRANT lacks`);
      const cik = cikOf(reg.get(g, 'CIK'));
      const repPdDate = dateOf(sub.get(s, 'REPORT_DATE'));
      if (cik === null || repPdDate === null) throw new IngestError(sub.name, `N-PORT data set: accession ${accession} has no valid CIK or REPORT_DATE`);
      const n = (col: string) => num(info.get(r, col), info.name, `${line} ${col}`);
      const filed = dateOf(sub.get(s, 'FILING_DATE'));
      const seriesId = info.get(r, 'SERIES_ID');
      const seriesName = info.get(r, 'SERIES_NAME');
      batch.nport_reports.push({
        accession, cik, form: sub.get(s, 'SUB_TYPE') ?? 'NPORT-P', filed, seriesId, seriesName, seriesLei: info.get(r, 'SERIES_LEI'),
        regName: reg.get(g, 'REGISTRANT_NAME'), repPdEnd: dateOf(sub.get(s, 'REPORT_ENDING_PERIOD')), repPdDate,
        isFinal: bool(sub.get(s, 'IS_LAST_FILING')) ?? false,
        totAssets: n('TOTAL_ASSETS'), totLiabs: n('TOTAL_LIABILITIES'), netAssets: n('NET_ASSETS'),
        sales1: n('SALES_FLOW_MON1'), reinvest1: n('REINVESTMENT_FLOW_MON1'), redemption1: n('REDEMPTION_FLOW_MON1'),
        sales2: n('SALES_FLOW_MON2'), reinvest2: n('REINVESTMENT_FLOW_MON2'), redemption2: n('REDEMPTION_FLOW_MON2'),
        sales3: n('SALES_FLOW_MON3'), reinvest3: n('REINVESTMENT_FLOW_MON3'), redemption3: n('REDEMPTION_FLOW_MON3'),
        source: 'nport-dataset',
      });
      if (seriesId) batch.fund_series.push({ cik, seriesId, seriesName, lei: info.get(r, 'SERIES_LEI'), source: 'nport-dataset', accession, asOf: filed ?? repPdDate });
      known.set(accession, filed ?? repPdDate);
    }

    const returns = table(group, 'monthly_total_return', ['ACCESSION_NUMBER', 'CLASS_ID', 'MONTHLY_TOTAL_RETURN1', 'MONTHLY_TOTAL_RETURN2', 'MONTHLY_TOTAL_RETURN3']);
    for (let r = 0; returns && r < returns.rows; r++) {
      const accession = returns.get(r, 'ACCESSION_NUMBER') ?? '';
      if (!known.has(accession)) continue;
      const n = (col: string) => num(returns.get(r, col), returns.name, `line ${String(r + 2)} ${col}`);
      batch.nport_returns.push({
        accession, classId: returns.get(r, 'CLASS_ID'), rtn1: n('MONTHLY_TOTAL_RETURN1'), rtn2: n('MONTHLY_TOTAL_RETURN2'),
        rtn3: n('MONTHLY_TOTAL_RETURN3'), source: 'nport-dataset',
      });
    }

    const holdings = table(group, 'fund_reported_holding', ['ACCESSION_NUMBER', 'HOLDING_ID', 'ISSUER_NAME', 'ISSUER_CUSIP', 'BALANCE', 'CURRENCY_VALUE', 'PERCENTAGE']);
    const ids = table(group, 'identifiers', ['HOLDING_ID']);
    const idsOf = rowsBy(ids, 'HOLDING_ID');
    const seqs = new Map<string, number>();
    const cusips = new Map<string, { name: string | null; asOf: string }>();
    for (let r = 0; holdings && r < holdings.rows; r++) {
      const accession = holdings.get(r, 'ACCESSION_NUMBER') ?? '';
      if (!known.has(accession)) throw new IngestError(holdings.name, `N-PORT data set: line ${String(r + 2)} names accession ${JSON.stringify(accession)}, which FUND_REPORTED_INFO lacks`);
      const seq = (seqs.get(accession) ?? 0) + 1;
      seqs.set(accession, seq);
      const row = holdingRow(holdings, r, ids, idsOf.get(holdings.get(r, 'HOLDING_ID') ?? '') ?? [], accession, seq);
      batch.nport_holdings.push(row);
      const cusip = row.cusip?.toUpperCase() ?? '';
      if (/^[0-9A-Z*@#]{9}$/.test(cusip) && !/^0+$/.test(cusip) && !cusips.has(cusip)) cusips.set(cusip, { name: row.name, asOf: known.get(accession) ?? '1970-01-01' });
    }
    // every CUSIP a fund holds becomes a known security, as from the XML, so reverse lookup by CUSIP resolves it
    for (const [cusip, { name, asOf }] of cusips) {
      batch.securities.push({ cik: null, ticker: null, exchange: null, name, cusip, compositeFigi: null, shareClassFigi: null, kind: null, asOf, source: 'nport-dataset' });
    }
  },
};

function holdingRow(t: TsvTable, r: number, ids: TsvTable | null, idRows: number[], accession: string, seq: number): NportHoldingRow {
  const n = (col: string) => num(t.get(r, col), t.name, `line ${String(r + 2)} ${col}`);
  const first = (col: string) => idRows.map((i) => ids?.get(i, col) ?? null).find((v) => v !== null) ?? null;
  const category = t.get(r, 'DERIVATIVE_CAT');
  return {
    accession, seq, name: t.get(r, 'ISSUER_NAME'), lei: t.get(r, 'ISSUER_LEI'), title: t.get(r, 'ISSUER_TITLE'), cusip: t.get(r, 'ISSUER_CUSIP'),
    isin: first('IDENTIFIER_ISIN'), ticker: first('IDENTIFIER_TICKER'),
    otherIds: idRows.flatMap((i) => {
      const value = ids?.get(i, 'OTHER_IDENTIFIER') ?? null;
      return value === null ? [] : [{ desc: ids?.get(i, 'OTHER_IDENTIFIER_DESC') ?? null, value }];
    }),
    balance: n('BALANCE'), units: t.get(r, 'UNIT'), currency: t.get(r, 'CURRENCY_CODE'), valueUsd: n('CURRENCY_VALUE'), pctVal: n('PERCENTAGE'),
    payoffProfile: t.get(r, 'PAYOFF_PROFILE'), assetCat: t.get(r, 'ASSET_CAT'), issuerCat: t.get(r, 'ISSUER_TYPE'),
    country: t.get(r, 'INVESTMENT_COUNTRY'), isRestricted: bool(t.get(r, 'IS_RESTRICTED_SECURITY')), fairValLevel: t.get(r, 'FAIR_VALUE_LEVEL'),
    // the data set spreads a derivative's terms over its own tables; its category is what this table states
    derivative: category ? { derivCat: category } : null, source: 'nport-dataset',
  };
}
