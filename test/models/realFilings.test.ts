// Company models built from real 10-Ks (inline XBRL, full text): every citation is re-found by this test in the
// document it names, read and sectioned here from the fixture file; the fact-decided enums follow the documented
// thresholds, recomputed here from the document's own tagged figures; a tampered quote is refused by the verifier.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, it, before, after } from '../helpers/fixtureTest.ts';
import { fixture } from '../helpers/fixtures.ts';
import { fixtureWarehouse, type TestWarehouse } from '../http/testApp.ts';
import { documentFacts, type DocFact } from '../footnotes/documentFacts.ts';
import { documentText } from '../../engine/documents/index.ts';
import { documentFromBytes, edgarDocumentUrl, sectionName } from '../../engine/models/documentFromBytes.ts';
import { buildCompanyModels, type BuiltModels } from '../../engine/models/buildCompanyModels.ts';
import { deterministicProvider } from '../../engine/models/deterministicProvider.ts';
import { CitationVerifier } from '../../engine/models/verifyCitations.ts';
import { normalizeQuoteText } from '../../engine/models/normalizeQuoteText.ts';
import type { Citation, ModelDocument } from '../../engine/models/modelTypes.ts';

const TICKERS = fixture('edgar', 'reference', 'company_tickers_exchange.json.gz');
const COMPANIES = [
  { name: 'Coca-Cola', cik: 21344, file: 'ko-10-k-2025-02-20.html.gz' },
  { name: 'Nike', cik: 320187, file: 'nke-10-k-2025-07-17.html.gz' },
  { name: 'Walmart', cik: 104169, file: 'wmt-10-k-2025-03-14.html.gz' },
].map((c) => ({ ...c, path: fixture('edgar', 'xbrl', 'ixbrl', c.file) }));

function bytesOf(file: string): Buffer {
  return zlib.gunzipSync(fs.readFileSync(file));
}

function docOf(c: (typeof COMPANIES)[number]): ModelDocument {
  return documentFromBytes(bytesOf(c.path), path.basename(c.file, '.gz'), {
    cik: c.cik, accession: 'standalone', form: '10-K', url: edgarDocumentUrl(c.cik, 'standalone', null), filed: null, fiscalYear: null,
  });
}

/** The document's sections as this test reads them: name -> normalized text of every span with that name. */
function sectionsReadHere(file: string): Map<string, string> {
  const { text, sections } = documentText(bytesOf(file), path.basename(file, '.gz'), { form: '10-K' });
  const out = new Map<string, string>();
  for (const s of sections) {
    const name = sectionName(s.code, s.title);
    out.set(name, `${out.get(name) ?? ''}\n${normalizeQuoteText(text.slice(s.start, s.end))}`);
  }
  return out;
}

function citationsOf(model: unknown): Citation[] {
  const out: Citation[] = [];
  for (const section of Object.values(model as Record<string, { sources?: Citation[] }>)) out.push(...(section.sources ?? []));
  return out;
}

/** The fiscal year's value of a duration concept (undimensioned, about a year long, ending at `end`). */
function yearValue(facts: DocFact[], concepts: string[], end: string): number | null {
  for (const concept of concepts) {
    const hit = facts.find((f) => f.concept === concept && f.end === end && f.start !== null && Object.keys(f.dims).length === 0 &&
      (Date.parse(f.end) - Date.parse(f.start)) / 86_400_000 > 350);
    if (hit) return hit.value;
  }
  return null;
}

function instantValue(facts: DocFact[], concept: string, end: string): number | null {
  return facts.find((f) => f.concept === concept && f.end === end && f.start === null && Object.keys(f.dims).length === 0)?.value ?? null;
}

let wh: TestWarehouse;
const built = new Map<number, BuiltModels>();

before(async () => {
  wh = await fixtureWarehouse([...COMPANIES.map((c) => c.path), TICKERS]);
  for (const c of COMPANIES) {
    const doc = docOf(c);
    built.set(c.cik, await buildCompanyModels(c.cik, { engine: wh.engine, reader: () => Promise.resolve(doc), provider: deterministicProvider, providerName: 'offline' }));
  }
});

after(() => {
  wh.cleanup();
});

describe('company models from real 10-Ks', () => {
  for (const c of COMPANIES) {
    it(`${c.name}: every citation quote is found verbatim in the named section of the document, read here`, () => {
      const model = built.get(c.cik);
      assert.ok(model);
      const sections = sectionsReadHere(c.path);
      const citations = [...citationsOf(model.economicModel), ...citationsOf(model.businessModel)];
      assert.ok(citations.length >= 10, `${c.name}: ${String(citations.length)} citations`);
      for (const citation of citations) {
        assert.ok(citation.quote.length >= 20 && citation.quote.length <= 400, citation.quote);
        const text = sections.get(citation.section);
        assert.ok(text, `${c.name}: no section ${citation.section} in the document`);
        assert.ok(text.includes(normalizeQuoteText(citation.quote)), `${c.name} ${citation.section}: not in the document: ${citation.quote}`);
        assert.equal(citation.source, '10-K');
        assert.equal(citation.publisher, new URL(citation.url).host);
        assert.match(citation.url, /^https:\/\/www\.sec\.gov\//);
        assert.equal(citation.validated, undefined);
      }
    });

    it(`${c.name}: capital intensity and price-setting power follow the documented thresholds on the document's own figures`, () => {
      const model = built.get(c.cik);
      assert.ok(model);
      const facts = documentFacts(c.path);
      const end = facts.filter((f) => f.concept === 'us-gaap:Assets' && Object.keys(f.dims).length === 0).map((f) => f.end).sort().at(-1);
      assert.ok(end, 'a balance sheet date');
      const revenue = yearValue(facts, ['us-gaap:Revenues', 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax'], end);
      const capex = yearValue(facts, ['us-gaap:PaymentsToAcquirePropertyPlantAndEquipment', 'us-gaap:PaymentsToAcquireProductiveAssets'], end);
      const ppe = instantValue(facts, 'us-gaap:PropertyPlantAndEquipmentNet', end);
      const assets = instantValue(facts, 'us-gaap:Assets', end);
      assert.ok(revenue && capex && ppe && assets, `${c.name}: revenue ${String(revenue)}, capex ${String(capex)}, PP&E ${String(ppe)}, assets ${String(assets)}`);
      const capexToRevenue = capex / revenue;
      const ppeToAssets = ppe / assets;
      const expected = capexToRevenue >= 0.10 || ppeToAssets >= 0.40 ? 'asset-heavy'
        : capexToRevenue < 0.04 && ppeToAssets < 0.15 ? 'asset-light' : 'moderate';
      assert.equal(model.economicModel.reinvestment.capitalIntensity, expected, `${c.name}: capex/revenue ${capexToRevenue.toFixed(3)}, PP&E/assets ${ppeToAssets.toFixed(3)}`);

      const cost = yearValue(facts, ['us-gaap:CostOfGoodsAndServicesSold', 'us-gaap:CostOfRevenue', 'us-gaap:CostOfGoodsAndServicesSoldExcludingDepreciationDepletionAndAmortization'], end);
      if (cost !== null) {
        const gross = 1 - cost / revenue;
        const power = gross >= 0.55 ? 'strong' : gross >= 0.25 ? 'some' : 'price-taker';
        assert.equal(model.economicModel.monetization.priceSettingPower, power, `${c.name}: gross margin ${gross.toFixed(3)}`);
      }
    });
  }

  it('a quote changed by one word is refused; the same quote with other whitespace and typographic quotes is accepted', () => {
    const c = COMPANIES[0];
    assert.ok(c);
    const doc = docOf(c);
    const verifier = new CitationVerifier(doc);
    const model = built.get(c.cik);
    assert.ok(model);
    const [citation] = model.economicModel.summary.sources;
    assert.ok(citation, 'a summary citation');
    assert.ok(verifier.check(citation));
    const words = citation.quote.split(' ');
    const i = words.findIndex((w) => w.length > 4);
    const tampered = [...words.slice(0, i), `${words[i] ?? ''}s`, ...words.slice(i + 1)].join(' ');
    assert.equal(verifier.check({ section: citation.section, quote: tampered }), null);
    assert.equal(verifier.check({ section: 'Item 9C', quote: citation.quote }), null, 'right quote, wrong section');
    assert.equal(verifier.check({ section: citation.section, quote: citation.quote.slice(0, 15) }), null, 'too short');
    const respaced = `  ${citation.quote.replace(/ /g, '\n  ').replace(/'/g, '\u2019')} `;
    assert.ok(verifier.check({ section: citation.section, quote: respaced }));
  });

  it('a section whose citations all fail says so, and a document that cannot be re-read leaves citations validated: false', () => {
    const c = COMPANIES[0];
    assert.ok(c);
    const doc = docOf(c);
    const section = new CitationVerifier(doc).section({ items: [], sources: [{ section: 'Item 1', quote: 'This sentence appears nowhere in the annual report at all.' }] });
    assert.deepEqual(section.sources, []);
    assert.match(section.sourcesNote ?? '', /no citation/);
    const unread = new CitationVerifier(null, { url: doc.url, form: '10-K' }).check({ section: 'Item 1', quote: 'Any quote of twenty characters or more.' });
    assert.equal(unread?.validated, false);
  });
});
