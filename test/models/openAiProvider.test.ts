// The OpenAI-compatible provider against a local server speaking the chat-completions protocol (node:http): the request
// carries the model name, the key and the 10-K's section text; the reply's citations are quotes taken here from the
// real Coca-Cola 10-K, some verbatim and some altered by one word, and only the verbatim ones survive the verifier.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, it, before, after } from '../helpers/fixtureTest.ts';
import { fixture } from '../helpers/fixtures.ts';
import { fixtureWarehouse, type TestWarehouse } from '../http/testApp.ts';
import { documentText } from '../../engine/documents/index.ts';
import { documentFromBytes, edgarDocumentUrl, sectionName } from '../../engine/models/documentFromBytes.ts';
import { buildCompanyModels, type BuiltModels } from '../../engine/models/buildCompanyModels.ts';
import { openAiProvider, ProviderError } from '../../engine/models/openAiProvider.ts';
import { configuredProvider } from '../../engine/models/index.ts';
import { loadConfig } from '../../engine/config.ts';
import { normalizeQuoteText } from '../../engine/models/normalizeQuoteText.ts';
import type { Citation, ModelDocument } from '../../engine/models/modelTypes.ts';

const KO = 21344;
const FILE = fixture('edgar', 'xbrl', 'ixbrl', 'ko-10-k-2025-02-20.html.gz');
const TICKERS = fixture('edgar', 'reference', 'company_tickers_exchange.json.gz');

/** Sentences of 40-300 characters of a section, as this test reads the document. */
function sentencesOf(section: string): string[] {
  const bytes = zlib.gunzipSync(fs.readFileSync(FILE));
  const { text, sections } = documentText(bytes, path.basename(FILE, '.gz'), { form: '10-K' });
  const body = sections.filter((s) => sectionName(s.code, s.title) === section).map((s) => text.slice(s.start, s.end)).join('\n');
  return body.split(/(?<=[.!?])\s+/).map((s) => s.replace(/\s+/g, ' ').trim()).filter((s) => s.length >= 40 && s.length <= 300 && /^[A-Z]/.test(s));
}

/** The quote with its first long word changed: no longer in the document. */
function altered(quote: string): string {
  return quote.replace(/\b([a-z]{6,})\b/, '$1s');
}

let wh: TestWarehouse;
let doc: ModelDocument;
let server: http.Server;
let url = '';
const requests: { auth: string | undefined; body: { model: string; messages: { role: string; content: string }[]; response_format?: unknown } }[] = [];
let verbatim: Citation[] = [];
let tampered: { section: string; quote: string }[] = [];
let built: BuiltModels;

before(async () => {
  wh = await fixtureWarehouse([FILE, TICKERS]);
  doc = documentFromBytes(zlib.gunzipSync(fs.readFileSync(FILE)), path.basename(FILE, '.gz'), {
    cik: KO, accession: 'standalone', form: '10-K', url: edgarDocumentUrl(KO, 'standalone', null), filed: null, fiscalYear: 2024,
  });
  const business = sentencesOf('Item 1').slice(0, 4);
  const risk = sentencesOf('Item 1A').slice(0, 2);
  assert.ok(business.length === 4 && risk.length === 2, 'sentences in Items 1 and 1A');
  verbatim = [...business.slice(0, 2).map((q) => ({ section: 'Item 1', quote: q })), { section: 'Item 1A', quote: risk[0] ?? '' }] as Citation[];
  tampered = [...business.slice(2).map((q) => ({ section: 'Item 1', quote: altered(q) })), { section: 'Item 1A', quote: altered(risk[1] ?? '') }];
  for (const t of tampered) assert.ok(!sentencesOf(t.section).includes(t.quote), 'the altered quote is not in the document');
  const reply = {
    economicModel: {
      summary: { primaryOfferings: ['sparkling soft drinks'], secondaryOfferings: [], sources: [verbatim[0], tampered[0]] },
      monetization: { revenueModel: 'recurring', pricingMechanisms: ['list prices'], priceSettingPower: 'strong', primaryRevenueDrivers: [], sources: [tampered[1]] },
      sensitivities: { topLineSensitivities: ['consumer demand'], marginSensitivities: [], balanceSheetSensitivities: [], sources: [verbatim[2], tampered[2]] },
      managementStyle: { orientation: 'balanced', strategyNotes: 'Focus on brands.', sources: [verbatim[1]] },
    },
    businessModel: { customers: { payerTypes: ['bottlers'], sources: [verbatim[1], tampered[0]] } },
  };
  server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => { text += chunk.toString('utf8'); });
    req.on('end', () => {
      requests.push({ auth: req.headers.authorization, body: JSON.parse(text) as (typeof requests)[number]['body'] });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({
        id: 'chatcmpl-test', object: 'chat.completion', model: 'test-model',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: `\`\`\`json\n${JSON.stringify(reply)}\n\`\`\`` } }],
      }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/v1`;
  const provider = configuredProvider(loadConfig({ MODEL_PROVIDER_URL: url, MODEL_PROVIDER_KEY: 'sk-test', MODEL_NAME: 'test-model' }));
  assert.equal(provider.name, 'test-model');
  built = await buildCompanyModels(KO, { engine: wh.engine, reader: () => Promise.resolve(doc), provider: provider.provide, providerName: provider.name });
});

after(async () => {
  await new Promise((resolve) => server.close(resolve));
  wh.cleanup();
});

function citations(model: object): Citation[] {
  return Object.values(model as Record<string, { sources?: Citation[] }>).flatMap((s) => s.sources ?? []);
}

describe('OpenAI-compatible provider', () => {
  it('sends the model, the key and the sections of the 10-K as a chat completion asking for JSON', () => {
    const [request] = requests;
    assert.ok(request);
    assert.equal(request.auth, 'Bearer sk-test');
    assert.equal(request.body.model, 'test-model');
    assert.deepEqual(request.body.response_format, { type: 'json_object' });
    const user = request.body.messages.find((m) => m.role === 'user')?.content ?? '';
    assert.match(user, /SECTION "Item 1"/);
    assert.ok(user.replace(/\s+/g, ' ').includes(sentencesOf('Item 1')[0] ?? 'missing'), 'the section text is in the prompt');
  });

  it('keeps the verbatim quotes and rejects every altered one', () => {
    const kept = [...citations(built.economicModel), ...citations(built.businessModel)];
    for (const v of verbatim) assert.ok(kept.some((c) => c.section === v.section && c.quote === normalizeQuoteText(v.quote)), `kept: ${v.quote}`);
    for (const t of tampered) assert.ok(!kept.some((c) => c.quote === normalizeQuoteText(t.quote)), `rejected: ${t.quote}`);
    assert.equal(kept.length, 4, 'summary, sensitivities, managementStyle and customers keep one each');
    assert.deepEqual(built.economicModel.monetization.sources, []);
    assert.match(built.economicModel.monetization.sourcesNote ?? '', /no citation/);
    assert.equal(built.provider, 'test-model');
  });

  it('an endpoint error or a reply without JSON fails the build with the reason', async () => {
    const bad = openAiProvider({ url: `${url}/missing`, key: null, model: 'test-model' });
    await assert.rejects(bad({ document: doc, facts: { profile: null, products: [], segments: [], known: { amounts: [], ratios: [] } } }), (err) => err instanceof ProviderError && /answered 404/.test(err.message));
  });
});
