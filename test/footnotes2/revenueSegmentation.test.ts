// /api/footnotes/revenue-segmentation on real 10-K documents: values read from the documents themselves.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { documentFacts, docValue } from '../footnotes/documentFacts.ts';
import { footnoteApp, nullPaths, XBRL, type FootnoteApp } from '../footnotes/footnoteApp.ts';
import * as v from 'valibot';
import { defined } from '../helpers/defined.ts';
import { ErrorBody } from '../helpers/bodyAs.ts';
import { RevenueSegmentationPeriod } from '../../http/endpoints/footnotes2.ts';

const APPLE_10K = XBRL('instances', 'aapl-20220924_htm.xml.gz');
const AMAZON_10K = XBRL('instances', 'amzn-20221231_htm.xml.gz');
const REVENUE = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax';
const GEO = 'srt:StatementGeographicalAxis';
const PRODUCT = 'srt:ProductOrServiceAxis';
const RevenueSegmentation = v.array(RevenueSegmentationPeriod);

let fa: FootnoteApp;
before(async () => {
  fa = await footnoteApp([APPLE_10K, AMAZON_10K]);
});
after(async () => fa.close());

describe('revenue segmentation', () => {
  test("Apple FY2022: iPhone revenue and the geographic split are the document's", async () => {
    const doc = documentFacts(APPLE_10K);
    const [start, end] = ['2021-09-26', '2022-09-24'];
    const { status, body } = await fa.json('/api/footnotes/revenue-segmentation?cik=320193&period=annual&limit=2', RevenueSegmentation);
    assert.equal(status, 200);
    const p = defined(body.find((x) => x.period === end), `period ${end}`);
    assert.equal(p.fiscalPeriod, 'FY');
    assert.equal(p.unit, 'USD');
    const iphone = p.product.find((x) => x.member === 'aapl:IPhoneMember');
    assert.equal(iphone?.value, docValue(doc, REVENUE, end, { [PRODUCT]: 'aapl:IPhoneMember' }, start));
    // the parent (products) and its leaves (iPhone, Mac, ...) are both served: overlap preserved, nothing summed
    assert.equal(p.product.find((x) => x.member === 'us-gaap:ProductMember')?.value,
      docValue(doc, REVENUE, end, { [PRODUCT]: 'us-gaap:ProductMember' }, start));
    const us = p.geography.countries.find((x) => x.code === 'US');
    assert.deepEqual(us, { code: 'US', name: 'United States', continent: 'North America', value: docValue(doc, REVENUE, end, { [GEO]: 'country:US' }, start) });
    const cn = p.geography.countries.find((x) => x.code === 'CN');
    assert.deepEqual(cn, { code: 'CN', name: 'China', continent: 'Asia', value: docValue(doc, REVENUE, end, { [GEO]: 'country:CN' }, start) });
    // Apple's "other countries" is a catch-all: a residual, not placed on a continent
    const other = p.geography.residuals.find((x) => x.member === 'aapl:OtherCountriesMember');
    assert.ok(other, 'the other-countries residual');
    assert.equal(other.value, docValue(doc, REVENUE, end, { [GEO]: 'aapl:OtherCountriesMember' }, start));
    assert.deepEqual(p.geography.usStates, []);
    // the geographic split sums to the consolidated revenue the document states
    const geoSum = p.geography.countries.reduce((s, x) => s + x.value, 0) + other.value;
    assert.equal(geoSum, docValue(doc, REVENUE, end, {}, start));
    assert.deepEqual(nullPaths(p.product), []);
  });

  test('Amazon FY2022: every country member is mapped to its ISO code and continent', async () => {
    const doc = documentFacts(AMAZON_10K);
    const [start, end] = ['2022-01-01', '2022-12-31'];
    const { status, body } = await fa.json('/api/footnotes/revenue-segmentation?cik=1018724&period=annual&limit=1', RevenueSegmentation);
    assert.equal(status, 200);
    const p = defined(body[0], 'the latest period');
    assert.equal(p.period, end);
    const countryFacts = doc.filter((f) => f.concept === REVENUE && f.start === start && f.end === end
      && Object.keys(f.dims).length === 1 && f.dims[GEO]?.startsWith('country:'));
    assert.ok(countryFacts.length >= 3);
    const continents: Record<string, string> = { US: 'North America', DE: 'Europe', GB: 'Europe', JP: 'Asia' };
    for (const f of countryFacts) {
      const code = defined(f.dims[GEO], 'the country member').slice('country:'.length);
      const served = p.geography.countries.find((x) => x.code === code);
      assert.ok(served, `country ${code} served`);
      assert.equal(served.value, f.value);
      if (continents[code]) assert.equal(served.continent, continents[code]);
    }
    // us-gaap:NonUsMember spans continents: a residual
    assert.ok(p.geography.residuals.some((x) => x.member === 'us-gaap:NonUsMember'));
  });

  test('a bad period is a 400', async () => {
    const { status, body } = await fa.json('/api/footnotes/revenue-segmentation?cik=320193&period=ttm', ErrorBody);
    assert.equal(status, 400);
    assert.ok(body.error);
  });
});
