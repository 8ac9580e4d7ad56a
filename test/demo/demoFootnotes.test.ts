// The demo's footnote filings are inline XBRL documents the real ingest reads: every fact the generated document
// states (read here with a parser of this test's own, not ours) is in the warehouse, each footnote family reconciles
// in the document the way a filer's note does, and the footnote endpoints serve the document's values.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { buildDemoWarehouse } from '../../demo/buildDemoWarehouse.ts';
import { DEMO_COMPANIES, DEMO_YEARS } from '../../demo/demoCompanies.ts';
import { writeDemoFootnotes, type WrittenFootnoteFiling } from '../../demo/writeDemoFootnotes.ts';
import { startTestApp, type TestApp } from '../http/testApp.ts';
import * as v from 'valibot';
import { defined } from '../helpers/defined.ts';
import { bodyAs } from '../helpers/bodyAs.ts';
import { BuybackPeriod, DebtStructurePeriod, LeasePeriod, RestructuringResponse, StockCompensationPeriod, SupplierFinancePeriod } from '../../http/endpoints/footnotes.ts';

interface DocFact {
  concept: string;
  start: string | null;
  end: string;
  /** axis=member pairs, sorted. */
  dims: string[];
  value: number;
}

/** Contexts and ix:nonFraction facts of one inline document, by regular expressions over its text. */
function readDocument(html: string): DocFact[] {
  const contexts = new Map<string, Omit<DocFact, 'concept' | 'value'>>();
  for (const [, id = '', body = ''] of html.matchAll(/<xbrli:context id="([^"]+)">([\s\S]*?)<\/xbrli:context>/g)) {
    const dims = [...body.matchAll(/<xbrldi:explicitMember dimension="([^"]+)">([^<]+)</g)].map(([, axis = '', member = '']) => `${axis}=${member.trim()}`).sort();
    const instant = /<xbrli:instant>([^<]+)</.exec(body)?.[1] ?? null;
    const start = /<xbrli:startDate>([^<]+)</.exec(body)?.[1] ?? null;
    const end = instant ?? defined(/<xbrli:endDate>([^<]+)</.exec(body)?.[1], `the end date of context ${id}`);
    contexts.set(id, { start: instant ? null : start, end, dims });
  }
  return [...html.matchAll(/<ix:nonFraction ([^>]*)>([^<]*)<\/ix:nonFraction>/g)].map(([, attrText = '', shownText = '']) => {
    const attrs = new Map([...attrText.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name = '', value = '']) => [name, value]));
    const contextRef = defined(attrs.get('contextRef'), 'an ix:nonFraction contextRef');
    const ctx = contexts.get(contextRef);
    assert.ok(ctx, `context ${contextRef} is declared`);
    const shown = Number(shownText.replace(/,/g, ''));
    const value = Number((shown * 10 ** Number(attrs.get('scale') ?? 0) * (attrs.get('sign') === '-' ? -1 : 1)).toPrecision(12));
    return { concept: defined(attrs.get('name'), 'an ix:nonFraction name'), ...ctx, value };
  });
}

const docs: { filing: WrittenFootnoteFiling; facts: DocFact[] }[] = writeDemoFootnotes(tempDir('demo-fn-'), DEMO_COMPANIES, DEMO_YEARS)
  .map((filing) => ({ filing, facts: readDocument(filing.document) }));

/** The value the document states for concept, period end and dims (exactly these dims). */
function stated(facts: DocFact[], concept: string, end: string, dims: string[] = []): number | undefined {
  const key = [...dims].sort().join('|');
  return facts.find((f) => f.concept === concept && f.end === end && f.dims.join('|') === key)?.value;
}

// the newest filing of that form: accessions of one year are numbered in filing order
const latestOf = (cik: number, form = '10-K') => defined(docs.filter((d) => d.filing.cik === cik && d.filing.form === form)
  .sort((a, b) => b.filing.fy - a.filing.fy || b.filing.accession.localeCompare(a.filing.accession))[0], `the latest ${form} of ${String(cik)}`);
const periodEnd = (facts: DocFact[]) => defined(facts.filter((f) => f.start !== null && f.dims.length === 0).map((f) => f.end).sort().at(-1), 'the period end');
/** The value the document states, failing the test when it states none. */
const statedValue = (facts: DocFact[], concept: string, end: string, dims: string[] = []) => defined(stated(facts, concept, end, dims), `${concept} at ${end} [${dims.join('|')}]`);
/** The member of a one-dimension fact. */
const memberOf = (f: DocFact) => defined(f.dims[0]?.split('=')[1], `the member of ${f.concept}`);
const sum = (xs: (number | undefined)[]) => xs.reduce<number>((s, x) => s + (x ?? NaN), 0);
const near = (a: number, b: number) => Math.abs(a - b) < 1e-6 * Math.max(1, Math.abs(b));

let wh: Awaited<ReturnType<typeof openTempEngine>>;
let app: TestApp;

before(async () => {
  wh = await openTempEngine('write');
  await buildDemoWarehouse(wh.engine);
  app = await startTestApp(wh.engine);
});

after(async () => {
  await app.close();
  wh.cleanup();
});

/** The endpoint's answer for the company, checked against (and typed by) the schema it publishes. */
async function footnote<S extends v.GenericSchema>(path: string, ticker: string, schema: S, series = 'annual'): Promise<v.InferInput<S>> {
  // restructuring answers with its programs' whole history and takes no period
  const period = path === 'restructuring' ? '' : `&period=${series}`;
  const res = await fetch(`${app.base}/api/footnotes/${path}?symbol=${ticker}${period}`, { headers: { Authorization: `Bearer ${app.tokens.Pro}` } });
  const body: unknown = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  return bodyAs(schema, body, `${path} of ${ticker}`);
}
/** The newest period of an array-shaped footnote endpoint. */
async function latestPeriod<S extends v.GenericSchema>(path: string, ticker: string, schema: S, series = 'annual'): Promise<v.InferInput<S>> {
  return defined((await footnote(path, ticker, v.array(schema), series))[0], `the latest ${path} period of ${ticker}`);
}

const domestic = DEMO_COMPANIES.filter((c) => c.regime === 'us-gaap');

test('every domestic demo company files footnote 10-Ks, and every fact each document states is in the warehouse as stated', async () => {
  for (const c of domestic) assert.ok(docs.some((d) => d.filing.cik === c.cik), c.ticker);
  for (const { filing, facts } of docs) {
    assert.ok(facts.length > 20, filing.accession);
    const rows = await wh.engine.query<{ concept: string; start: string | null; end: string; dims: string; value: number }>(
      `SELECT concept, strftime(period_start, '%Y-%m-%d') AS start, strftime(period_end, '%Y-%m-%d') AS end,
              array_to_string(list_sort([d.axis || '=' || d.member FOR d IN dims]), '|') AS dims, value
       FROM src_facts WHERE accession = $a`, { a: filing.accession });
    assert.equal(rows.length, facts.length, filing.accession);
    const key = (f: { concept: string; start: string | null; end: string; dims: string }) => `${f.concept}@${f.start ?? ''}..${f.end}[${f.dims}]`;
    const held = new Map(rows.map((r) => [key(r), r.value]));
    for (const f of facts) {
      const k = key({ ...f, dims: f.dims.join('|') });
      assert.ok(held.has(k), `${filing.accession}: ${k} missing`);
      const value = defined(held.get(k), k);
      assert.ok(near(value, f.value), `${filing.accession}: ${k} = ${String(value)} where the document states ${String(f.value)}`);
    }
  }
});

test('leases: the maturities sum to their total, total less imputed interest is the liability, and the endpoint serves them', async () => {
  for (const c of domestic) {
    const { facts } = latestOf(c.cik);
    const end = periodEnd(facts);
    const at = (concept: string) => stated(facts, `us-gaap:${concept}`, end);
    const years = ['NextTwelveMonths', 'YearTwo', 'YearThree', 'YearFour', 'YearFive', 'AfterYearFive'].map((y) => at(`LesseeOperatingLeaseLiabilityPaymentsDue${y}`));
    const total = statedValue(facts, 'us-gaap:LesseeOperatingLeaseLiabilityPaymentsDue', end);
    assert.equal(sum(years), total, c.ticker);
    assert.equal(total - statedValue(facts, 'us-gaap:LesseeOperatingLeaseLiabilityUndiscountedExcessAmount', end), at('OperatingLeaseLiability'), c.ticker);
    const latest = await latestPeriod('leases', c.ticker, LeasePeriod);
    assert.equal(latest.period, end);
    const operating = defined(latest.operating, `${c.ticker} operating leases`);
    assert.equal(operating.payments?.total, total);
    assert.equal(operating.payments.year1, years[0]);
    assert.equal(operating.liabilityTotal, at('OperatingLeaseLiability'));
    assert.equal(operating.discountRate, at('OperatingLeaseWeightedAverageDiscountRatePercent'));
    assert.equal(latest.finance?.liabilityTotal, at('FinanceLeaseLiability'));
  }
});

test('debt structure: each tranche member carries its face amount and stated rate, its due year parsed from the member name', async () => {
  for (const c of domestic) {
    const { facts } = latestOf(c.cik);
    const end = periodEnd(facts);
    const faces = facts.filter((f) => f.concept === 'us-gaap:DebtInstrumentFaceAmount' && f.end === end);
    assert.ok(faces.length >= 2, c.ticker);
    const { instruments } = await latestPeriod('debt-structure', c.ticker, DebtStructurePeriod);
    assert.equal(instruments.length, faces.length, c.ticker);
    for (const f of faces) {
      const member = memberOf(f);
      const served = instruments.find((i) => i.member === member);
      assert.ok(served, `${c.ticker} ${member}`);
      assert.equal(served.faceAmount, f.value);
      assert.equal(served.statedRate, stated(facts, 'us-gaap:DebtInstrumentInterestRateStatedPercentage', end, f.dims));
      assert.equal(served.dueYear, Number(defined(/Due(\d{4})Member$/.exec(member)?.[1], `the due year in ${member}`)));
    }
  }
});

test('stock compensation: the RSU roll-forward reconciles in the document, and the endpoint serves it with reconciles true', async () => {
  const prefix = 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardEquityInstrumentsOtherThanOptions';
  const rsu = ['us-gaap:AwardTypeAxis=us-gaap:RestrictedStockUnitsRSUMember'];
  for (const c of domestic) {
    const { facts } = latestOf(c.cik);
    const end = periodEnd(facts);
    const opening = defined(facts.find((f) => f.concept === `${prefix}NonvestedNumber` && f.end < end && f.dims.join() === rsu[0]), 'the opening nonvested balance').value;
    const at = (suffix: string) => statedValue(facts, `${prefix}${suffix}`, end, rsu);
    assert.equal(opening + at('GrantsInPeriod') - at('VestedInPeriod') - at('ForfeitedInPeriod'), at('NonvestedNumber'), c.ticker);
    const latest = await latestPeriod('stock-compensation', c.ticker, StockCompensationPeriod);
    const award = defined(latest.awards.find((a) => a.member === 'us-gaap:RestrictedStockUnitsRSUMember'), `${c.ticker} RSU award`);
    assert.equal(award.expense, stated(facts, 'us-gaap:ShareBasedPaymentArrangementExpense', end, rsu));
    const rollForward = defined(award.rollForward, `${c.ticker} RSU roll-forward`);
    assert.equal(rollForward.nonvested?.shares, at('NonvestedNumber'));
    assert.equal(rollForward.granted?.shares, at('GrantsInPeriod'));
    assert.equal(rollForward.reconciles, true);
    assert.equal(latest.planTotals?.expense, stated(facts, 'us-gaap:ShareBasedPaymentArrangementExpense', end));
  }
});

test('supplier finance, buybacks and restructuring: the endpoints serve what the document states; reserves roll forward', async () => {
  for (const c of domestic) {
    const { facts } = latestOf(c.cik);
    const end = periodEnd(facts);
    const obligation = stated(facts, 'us-gaap:SupplierFinanceProgramObligation', end);
    if (obligation !== undefined) {
      const latest = await latestPeriod('supplier-finance', c.ticker, SupplierFinancePeriod);
      assert.equal(latest.totals?.obligation, obligation, c.ticker);
      assert.equal(latest.totals.settlements, stated(facts, 'us-gaap:SupplierFinanceProgramObligationDecreaseSettlement', end));
    }
    const treasury = stated(facts, 'us-gaap:TreasuryStockSharesAcquired', end);
    if (treasury !== undefined) {
      const latest = await latestPeriod('buybacks', c.ticker, BuybackPeriod);
      assert.equal(latest.repurchased?.shares, treasury, c.ticker);
      assert.equal(latest.repurchased.value, stated(facts, 'us-gaap:TreasuryStockValueAcquiredCostMethod', end));
      assert.equal(latest.program?.remaining, stated(facts, 'us-gaap:StockRepurchaseProgramRemainingAuthorizedRepurchaseAmount', end));
    }
    const reserves = facts.filter((f) => f.concept === 'us-gaap:RestructuringReserve' && f.end === end);
    const served = reserves.length > 0 ? await footnote('restructuring', c.ticker, RestructuringResponse) : null;
    for (const r of reserves) {
      const opening = defined(facts.find((f) => f.concept === r.concept && f.end < end && f.dims.join() === r.dims.join()), 'the opening reserve').value;
      const charges = statedValue(facts, 'us-gaap:RestructuringCharges', end, r.dims);
      const payments = statedValue(facts, 'us-gaap:PaymentsForRestructuring', end, r.dims);
      assert.equal(opening + charges - payments, r.value, `${c.ticker} ${r.dims.join('|')}`);
      const costType = served?.costTypes.find((t) => t.member === memberOf(r));
      const point = defined(costType?.history.find((h) => h.period === end), `${c.ticker} ${memberOf(r)} at ${end}`);
      assert.equal(point.reserve, r.value);
      assert.equal(point.charges, charges);
      assert.equal(point.cashPayments, payments);
    }
  }
  assert.ok(docs.some((d) => d.facts.some((f) => f.concept === 'us-gaap:RestructuringReserve')), 'some document has a restructuring reserve');
});

test('revenue by product, geography and segment reconciles to the consolidated revenue of the demo 10-K', async () => {
  for (const c of domestic) {
    const { facts } = latestOf(c.cik);
    const end = periodEnd(facts);
    const concept = `us-gaap:${c.revenueConcept}`;
    const [consolidated] = await wh.engine.query<{ value: number }>(
      `SELECT any_value(value) AS value FROM src_facts WHERE cik = $c AND concept = $k AND len(dims) = 0
         AND period_end = $e::DATE AND period_end - period_start > 300`, { c: c.cik, k: concept, e: end });
    const on = (axis: string) => facts.filter((f) => f.concept === concept && f.dims.length === 1 && f.dims[0]?.startsWith(`${axis}=`));
    const total = (fs: DocFact[]) => fs.reduce((s, f) => s + f.value, 0);
    const revenue = defined(consolidated, `${c.ticker} consolidated revenue`).value;
    assert.equal(total(on('srt:ProductOrServiceAxis')), revenue, c.ticker);
    const geo = on('srt:StatementGeographicalAxis').filter((f) => memberOf(f) !== 'country:DE'); // Germany is inside Europe
    assert.equal(total(geo), revenue, c.ticker);
    const segments = [...on('us-gaap:StatementBusinessSegmentsAxis'), ...on('srt:ConsolidationItemsAxis')];
    assert.equal(total(segments), revenue, c.ticker);
    const share = defined(facts.find((f) => f.concept === 'us-gaap:ConcentrationRiskPercentage1'), 'a concentration share').value;
    assert.ok(share > 0.1 && share < 1, `${c.ticker}: a concentration share is a fraction (${String(share)})`);
  }
});

test('10-Q footnotes: the lease schedule keeps the remainder of the fiscal year apart and sums to its total; quarters are served', async () => {
  for (const c of domestic) {
    const { facts } = latestOf(c.cik, '10-Q');
    const end = defined(facts.filter((f) => f.start === null).map((f) => f.end).sort().at(-1), 'the 10-Q balance date');
    const at = (concept: string) => statedValue(facts, `us-gaap:${concept}`, end);
    const buckets = ['PaymentsRemainderOfFiscalYear', 'PaymentsDueNextTwelveMonths', 'PaymentsDueYearTwo', 'PaymentsDueYearThree', 'PaymentsDueYearFour', 'PaymentsDueYearFive', 'PaymentsDueAfterYearFive']
      .map((b) => at(`LesseeOperatingLeaseLiability${b}`));
    assert.equal(sum(buckets), at('LesseeOperatingLeaseLiabilityPaymentsDue'), c.ticker);
    const latest = await latestPeriod('leases', c.ticker, LeasePeriod, 'quarter');
    assert.equal(latest.period, end, c.ticker);
    const operating = defined(latest.operating, `${c.ticker} operating leases`);
    assert.equal(operating.payments?.remainderOfYear, buckets[0]);
    assert.equal(operating.payments?.year1, buckets[1]);
    assert.equal(operating.liabilityTotal, at('OperatingLeaseLiability'));
    // the three months the 10-Q states for the RSU expense are what the quarter series serves
    const rsu = ['us-gaap:AwardTypeAxis=us-gaap:RestrictedStockUnitsRSUMember'];
    const threeMonths = defined(facts.find((f) => f.concept === 'us-gaap:ShareBasedPaymentArrangementExpense' && f.end === end && f.dims.join() === rsu[0]
      && f.start !== null && (Date.parse(f.end) - Date.parse(f.start)) / 86_400_000 < 100), `${c.ticker} three-month RSU expense`);
    const comp = await latestPeriod('stock-compensation', c.ticker, StockCompensationPeriod, 'quarter');
    const award = defined(comp.awards.find((a) => a.member === 'us-gaap:RestrictedStockUnitsRSUMember'), `${c.ticker} RSU award`);
    assert.equal(award.expense, threeMonths.value, c.ticker);
  }
});
