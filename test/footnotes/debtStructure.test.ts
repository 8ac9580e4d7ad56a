// /api/footnotes/debt-structure on real 10-K/10-Q instances: tranche figures read from the documents themselves.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { documentFacts } from './documentFacts.ts';
import * as v from 'valibot';
import { footnoteApp, nullPaths, XBRL, type FootnoteApp } from './footnoteApp.ts';
import { defined } from '../helpers/defined.ts';
import { DebtStructurePeriod } from '../../http/endpoints/footnotes.ts';

const NETFLIX_10K = XBRL('instances', 'nflx-20221231_htm.xml.gz');
const APPLE_10K = XBRL('instances', 'aapl-20220924_htm.xml.gz');
const AXIS = 'us-gaap:DebtInstrumentAxis';
const DebtStructure = v.array(DebtStructurePeriod);

let fa: FootnoteApp;
before(async () => {
  fa = await footnoteApp([NETFLIX_10K, APPLE_10K]);
});
after(async () => fa.close());

describe('debt structure', () => {
  test("Netflix FY2022: each tranche's face amount and stated rate are the document's, rates as fractions", async () => {
    const doc = documentFacts(NETFLIX_10K);
    const end = '2022-12-31';
    const TYPE = 'us-gaap:LongtermDebtTypeAxis';
    const tranche = (f: { dims: Record<string, string> }) => AXIS in f.dims && Object.keys(f.dims).every((a) => a === AXIS || a === TYPE);
    const faces = doc.filter((f) => f.concept === 'us-gaap:DebtInstrumentFaceAmount' && f.end === end && f.unit.toLowerCase() === 'usd' && tranche(f));
    assert.ok(faces.length > 3, 'the document tags several tranches');
    const { status, body } = await fa.json('/api/footnotes/debt-structure?cik=1065280&period=annual&limit=1', DebtStructure);
    assert.equal(status, 200);
    const p = defined(body[0], 'the latest period');
    assert.equal(p.period, end);
    for (const face of faces) {
      const name = defined(face.dims[AXIS], 'the tranche member');
      const inst = defined(p.instruments.find((i) => i.member === name && i.debtType === (face.dims[TYPE] ?? null)), name);
      assert.equal(inst.faceAmount, face.value);
      const rates = doc.filter((f) => f.concept === 'us-gaap:DebtInstrumentInterestRateStatedPercentage' && f.end === end && tranche(f) && f.dims[AXIS] === name);
      const rate = rates[0]?.value;
      if (rate !== undefined) assert.equal(inst.statedRate, rate <= 1 ? rate : rate / 100);
      assert.ok('dueYear' in inst && 'debtTypeName' in inst, 'nullable fields are present');
    }
    assert.ok(p.instruments.some((i) => typeof i.statedRate === 'number' && i.statedRate < 1), 'rates served as fractions');
    // sorted by face amount, largest first
    const faceOrder = p.instruments.map((i) => i.faceAmount ?? -Infinity);
    assert.deepEqual(faceOrder, [...faceOrder].sort((a, b) => b - a));
  });

  test('euro notes stay in euros under currency=USD when no EUR rate is loaded: the entry says EUR and fx lists them unconverted', async () => {
    const doc = documentFacts(NETFLIX_10K);
    const euro = doc.filter((f) => f.concept === 'us-gaap:DebtInstrumentFaceAmount' && f.end === '2022-12-31' && f.unit.toLowerCase() === 'eur');
    assert.ok(euro.length > 0);
    const { body } = await fa.json('/api/footnotes/debt-structure?cik=1065280&period=annual&limit=1', DebtStructure);
    const p = defined(body[0], 'the latest period');
    const fx = defined(p.fx, 'the fx block');
    assert.ok(fx.unconverted?.['EUR']?.includes('us-gaap:DebtInstrumentFaceAmount'));
    assert.equal(fx.targetCurrency, 'USD');
    for (const f of euro) {
      const entry = [...p.instruments, ...p.types].find((e) => e.faceAmount === f.value && (e.member === f.dims[AXIS] || e.member === f.dims['us-gaap:LongtermDebtTypeAxis']));
      if (entry) assert.ok(entry.currency === 'EUR' || entry.currency === null, JSON.stringify(entry));
    }
    assert.ok([...p.instruments, ...p.types].every((e) => 'currency' in e), 'currency is typed nullable: always present');
  });

  test('dueYear comes from the member name: a tranche named ...2025... gets 2025, one without a year token null', async () => {
    const { body } = await fa.json('/api/footnotes/debt-structure?cik=1065280&period=annual&limit=1', DebtStructure);
    for (const inst of defined(body[0], 'the latest period').instruments) {
      const years = (inst.member.split(':')[1] ?? '').match(/(?:19|20)\d\d/g);
      if (!years) assert.equal(inst.dueYear, null, inst.member);
      else assert.ok(years.map(Number).includes(defined(inst.dueYear, `due year of ${inst.member}`)), inst.member);
    }
  });

  test('Apple FY2022: instruments crossed with a debt type are one tranche per type, and types are kept apart', async () => {
    const doc = documentFacts(APPLE_10K);
    const { body } = await fa.json('/api/footnotes/debt-structure?cik=320193&period=annual&limit=1', DebtStructure);
    const p = defined(body[0], 'the latest period');
    const typed = doc.filter((f) => f.end === p.period && AXIS in f.dims && 'us-gaap:LongtermDebtTypeAxis' in f.dims && Object.keys(f.dims).length === 2
      && f.concept === 'us-gaap:DebtInstrumentCarryingAmount');
    for (const f of typed) {
      const [member, debtType] = [f.dims[AXIS], f.dims['us-gaap:LongtermDebtTypeAxis']];
      const inst = p.instruments.find((i) => i.member === member && i.debtType === debtType);
      assert.equal(inst?.carryingAmount, f.value, `${member ?? ''} x ${debtType ?? ''}`);
    }
    for (const t of p.types) assert.ok(!('debtType' in t) && !('dueYear' in t));
    for (const entry of [...p.instruments, ...p.types]) {
      assert.deepEqual(nullPaths(entry).filter((x) => !['.debtType', '.debtTypeName', '.dueYear', '.currency'].includes(x)), []);
    }
  });
});
