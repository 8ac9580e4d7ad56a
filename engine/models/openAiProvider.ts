// A model provider over any OpenAI-compatible chat-completions endpoint (configured by MODEL_PROVIDER_URL, _KEY and
// MODEL_NAME): the prompt carries the annual report's sections and the company's fact profile, the answer is one JSON
// object in the models' shape with proposed citations ({section, quote}). Nothing it says is trusted: the builder's
// verifier keeps only quotes found verbatim in the named section and figures that match the XBRL facts.
import type { ModelProvider, ProposedModels } from './deterministicProvider.ts';
import { ENUMS } from './verifyModels.ts';
import { QUOTE_MAX, QUOTE_MIN } from './verifyCitations.ts';

export interface OpenAiProviderOptions {
  /** Base URL before /chat/completions (e.g. https://api.openai.com/v1). */
  url: string;
  key: string | null;
  model: string;
  /** Characters of document text sent at most (whole sections first, each cut at SECTION_CHARS). */
  maxChars?: number;
}

/** A provider answer that is no model: an HTTP error, or a reply without a JSON object. */
export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}

const SECTION_CHARS = 24_000;

const SHAPE = `{
  "economicModel": {
    "summary": {"primaryOfferings": [string], "secondaryOfferings": [string], "sources": [Citation]},
    "valueDelivery": {"offeringTypes": [string], "customer": {"primaryPayerTypes": [string]}, "demandDriver": string, "unitOfValue": string, "sources": [Citation]},
    "monetization": {"revenueModel": ${JSON.stringify(ENUMS.revenueModel)}, "pricingMechanisms": [string], "priceSettingPower": ${JSON.stringify(ENUMS.priceSettingPower)}, "primaryRevenueDrivers": [string], "sources": [Citation]},
    "costStructure": {"variableCostDrivers": [string], "fixedCostDrivers": [string], "marginDriverMechanisms": [string], "primaryConstraint": string, "sources": [Citation]},
    "reinvestment": {"capitalIntensity": ${JSON.stringify(ENUMS.capitalIntensity)}, "reinvestmentVehicles": [string], "maintenanceVsGrowth": ${JSON.stringify(ENUMS.maintenanceVsGrowth)}, "sources": [Citation]},
    "cashConversion": {"workingCapitalProfile": ${JSON.stringify(ENUMS.workingCapitalProfile)}, "cashTimingNotes": string, "keyBalanceSheetSensitivities": [string], "sources": [Citation]},
    "sensitivities": {"topLineSensitivities": [string], "marginSensitivities": [string], "balanceSheetSensitivities": [string], "sources": [Citation]},
    "unitEconomics": {"unit": string, "revenueDrivers": [string], "variableCosts": [string], "marginalMargin": ${JSON.stringify(ENUMS.marginalMargin)}, "sources": [Citation]},
    "capitalAllocation": {"priorities": [string], "historicalPattern": string, "watchMetrics": [string], "sources": [Citation]},
    "managementStyle": {"orientation": ${JSON.stringify(ENUMS.orientation)}, "strategyNotes": string, "sources": [Citation]}
  },
  "businessModel": {
    "segments": {"items": [{"name": string, "revenue": number|null, "operatingIncome": number|null}], "sources": [Citation]},
    "customers": {"payerTypes": [string], "sources": [Citation]},
    "revenueStreams": {"items": [{"name": string, "revenue": number|null, "operatingIncome": number|null}], "sources": [Citation]},
    "keyResources": {"items": [string], "sources": [Citation]},
    "keyPartners": {"items": [string], "sources": [Citation]},
    "channels": {"items": [string], "sources": [Citation]},
    "costDrivers": {"items": [string], "sources": [Citation]}
  }
}
Citation = {"section": one of the section names given, "quote": an exact excerpt of that section, ${String(QUOTE_MIN)}-${String(QUOTE_MAX)} characters}`;

const SYSTEM = `You are an equity analyst. From one company's annual report and its XBRL figures, describe how the company makes money.
Answer with one JSON object of exactly this shape, nothing else:
${SHAPE}
Rules: every quote must be copied character for character from the named section (no paraphrase, no ellipsis); a quote
that is not found verbatim is discarded. Give 1-3 citations per section. State figures only as they appear in the facts
given. Where the text does not tell, use "unknown" for enums and empty lists.`;

function prompt(input: Parameters<ModelProvider>[0], maxChars: number): string {
  const { document, facts } = input;
  let budget = maxChars;
  const sections: string[] = [];
  for (const s of document.sections) {
    if (budget <= 0) break;
    const text = s.text.slice(0, Math.min(SECTION_CHARS, budget));
    budget -= text.length;
    sections.push(`=== SECTION "${s.name}" ===\n${text}`);
  }
  return [
    `Company CIK ${String(document.cik)}, ${document.form} for fiscal year ${String(document.fiscalYear ?? 'unknown')} (accession ${document.accession}).`,
    `XBRL fact profile (latest fiscal years, reporting currency): ${JSON.stringify(facts.profile)}`,
    `Revenue by product/service member: ${JSON.stringify(facts.products)}`,
    `Operating segments: ${JSON.stringify(facts.segments)}`,
    `Sections of the ${document.form} (names to cite: ${document.sections.map((s) => JSON.stringify(s.name)).join(', ')}):`,
    ...sections,
  ].join('\n\n');
}

/** The JSON object of a reply (a fenced block is unwrapped). */
function parseReply(content: string): ProposedModels {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content);
  const text = (fenced?.[1] ?? content).trim();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ProviderError(`the model provider's reply is not JSON: ${text.slice(0, 120)}`);
  }
  if (parsed === null || typeof parsed !== 'object') throw new ProviderError('the model provider did not answer a JSON object');
  const { economicModel, businessModel } = parsed as Record<string, unknown>;
  return { economicModel, businessModel };
}

export function openAiProvider(o: OpenAiProviderOptions): ModelProvider {
  const endpoint = `${o.url.replace(/\/+$/, '')}/chat/completions`;
  return async (input) => {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(o.key ? { Authorization: `Bearer ${o.key}` } : {}) },
      body: JSON.stringify({
        model: o.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [{ role: 'system', content: SYSTEM }, { role: 'user', content: prompt(input, o.maxChars ?? 200_000) }],
      }),
      ...(input.signal ? { signal: input.signal } : {}),
    });
    const body = await res.text();
    if (!res.ok) throw new ProviderError(`the model provider answered ${String(res.status)}: ${body.slice(0, 200)}`);
    let content: unknown;
    try {
      content = (JSON.parse(body) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
    } catch {
      throw new ProviderError('the model provider answered no chat completion');
    }
    if (typeof content !== 'string') throw new ProviderError('the model provider answered no message content');
    return parseReply(content);
  };
}
