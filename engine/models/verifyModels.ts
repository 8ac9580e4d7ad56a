// Everything a provider proposes passes through here before it is stored: each section is rebuilt field by field from
// the spec's shape (unknown fields dropped, wrong types emptied), enum fields keep a value only from their allowed set
// and yield to the decision the facts made (the fact profile) where facts decided, citations are verified against the
// document, and free-text figures are checked against the company's XBRL figures.
import { CitationVerifier } from './verifyCitations.ts';
import { keepSupportedSentences, type KnownFigures } from './verifyFigures.ts';
import { BUSINESS_SECTIONS, ECONOMIC_SECTIONS, type BusinessModel, type EconomicModel, type NamedFigure } from './modelTypes.ts';

type Field = 'text' | 'list' | 'listOrNull' | 'figures' | readonly string[] | { [k: string]: Field };

export const ENUMS = {
  revenueModel: ['one-time', 'recurring', 'hybrid', 'unknown'],
  priceSettingPower: ['price-taker', 'some', 'strong', 'regulated', 'unknown'],
  capitalIntensity: ['asset-light', 'moderate', 'asset-heavy', 'regulated-asset-base', 'unknown'],
  maintenanceVsGrowth: ['mostly-maintenance', 'balanced', 'mostly-growth', 'unknown'],
  workingCapitalProfile: ['negative', 'neutral', 'positive', 'seasonal', 'unknown'],
  marginalMargin: ['low', 'mid', 'high', 'unknown'],
  orientation: ['growth-first', 'margin-first', 'balanced', 'capital-return'],
} as const;

const ECONOMIC_FIELDS: Record<(typeof ECONOMIC_SECTIONS)[number], Record<string, Field>> = {
  summary: { primaryOfferings: 'list', secondaryOfferings: 'list' },
  valueDelivery: { offeringTypes: 'list', customer: { primaryPayerTypes: 'list' }, demandDriver: 'text', unitOfValue: 'text' },
  monetization: { revenueModel: ENUMS.revenueModel, pricingMechanisms: 'list', priceSettingPower: ENUMS.priceSettingPower, primaryRevenueDrivers: 'list' },
  costStructure: { variableCostDrivers: 'list', fixedCostDrivers: 'list', marginDriverMechanisms: 'list', primaryConstraint: 'text' },
  reinvestment: { capitalIntensity: ENUMS.capitalIntensity, reinvestmentVehicles: 'list', maintenanceVsGrowth: ENUMS.maintenanceVsGrowth },
  cashConversion: { workingCapitalProfile: ENUMS.workingCapitalProfile, cashTimingNotes: 'text', keyBalanceSheetSensitivities: 'list' },
  sensitivities: { topLineSensitivities: 'list', marginSensitivities: 'list', balanceSheetSensitivities: 'list' },
  unitEconomics: { unit: 'text', revenueDrivers: 'list', variableCosts: 'list', marginalMargin: ENUMS.marginalMargin },
  capitalAllocation: { priorities: 'list', historicalPattern: 'text', watchMetrics: 'listOrNull' },
  managementStyle: { orientation: ENUMS.orientation, strategyNotes: 'text' },
};

const BUSINESS_FIELDS: Record<(typeof BUSINESS_SECTIONS)[number], Record<string, Field>> = {
  segments: { items: 'figures' },
  customers: { payerTypes: 'list' },
  revenueStreams: { items: 'figures' },
  keyResources: { items: 'list' },
  keyPartners: { items: 'list' },
  channels: { items: 'list' },
  costDrivers: { items: 'list' },
};

/** Enum values the facts decided (the fact profile); 'unknown' there leaves the provider's valid value standing. */
export type FactDecisions = Partial<Record<keyof typeof ENUMS, string>>;

function isEnum(spec: Field): spec is readonly string[] {
  return Array.isArray(spec);
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

class Cleaner {
  constructor(private readonly known: KnownFigures, private readonly decisions: FactDecisions) {}

  text(value: unknown): string {
    return typeof value === 'string' ? keepSupportedSentences(value.replace(/\s+/g, ' ').trim(), this.known) : '';
  }

  list(value: unknown): string[] {
    if (!Array.isArray(value)) return [];
    const out = value.map((v) => this.text(v)).filter((v) => v.length > 0);
    return [...new Set(out)];
  }

  field(name: string, spec: Field, value: unknown): unknown {
    if (spec === 'text') return this.text(value);
    if (spec === 'list') return this.list(value);
    if (spec === 'listOrNull') return value === null ? null : this.list(value);
    if (spec === 'figures') {
      return (Array.isArray(value) ? value : []).map(asRecord).filter((r) => typeof r.name === 'string' && r.name.trim())
        .map((r): NamedFigure => ({ name: this.text(r.name), revenue: num(r.revenue), operatingIncome: num(r.operatingIncome) }));
    }
    if (isEnum(spec)) {
      const decided = this.decisions[name as keyof FactDecisions];
      if (decided !== undefined && decided !== 'unknown') return decided;
      if (typeof value === 'string' && spec.includes(value)) return value;
      // orientation has no `unknown`: the facts always decide it (balanced when nothing stands out)
      return spec.includes('unknown') ? 'unknown' : decided ?? 'balanced';
    }
    const inner = asRecord(value);
    return Object.fromEntries(Object.entries(spec).map(([k, s]) => [k, this.field(k, s, inner[k])]));
  }

  section(fields: Record<string, Field>, value: unknown): Record<string, unknown> {
    const raw = asRecord(value);
    const out: Record<string, unknown> = {};
    for (const [name, spec] of Object.entries(fields)) out[name] = this.field(name, spec, raw[name]);
    out.sources = raw.sources;
    return out;
  }
}

export interface VerifyInput {
  verifier: CitationVerifier;
  known: KnownFigures;
  decisions: FactDecisions;
}

export function verifyEconomicModel(proposed: unknown, { verifier, known, decisions }: VerifyInput): EconomicModel {
  const cleaner = new Cleaner(known, decisions);
  const raw = asRecord(proposed);
  const model: Record<string, unknown> = {};
  for (const name of ECONOMIC_SECTIONS) model[name] = verifier.section(cleaner.section(ECONOMIC_FIELDS[name], raw[name]));
  return model as unknown as EconomicModel;
}

export function verifyBusinessModel(proposed: unknown, { verifier, known, decisions }: VerifyInput): BusinessModel {
  const cleaner = new Cleaner(known, decisions);
  const raw = asRecord(proposed);
  const model: Record<string, unknown> = {};
  for (const name of BUSINESS_SECTIONS) model[name] = verifier.section(cleaner.section(BUSINESS_FIELDS[name], raw[name]));
  return model as unknown as BusinessModel;
}
