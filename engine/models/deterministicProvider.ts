// The default, offline and deterministic model provider: enum fields from the fact profile's documented rules
// (sql/90_models), lists from the company's tagged revenue members and segments and from phrases found in the named
// sections, free text from the facts, and citations chosen as whole sentences of the named section by keywords per
// field. Same inputs, same model. Its output goes through the verifier like any other provider's.
import type { CompanyFacts, FactProfile } from './factProfile.ts';
import type { ModelDocument } from './modelTypes.ts';
import { detect, pickSentences, sectionsNamed, type Pick } from './sentences.ts';
import { formatMoney, formatPercent } from './formatFigures.ts';

/** What every provider returns before verification: the two models with proposed citations ({section, quote}). */
export interface ProposedModels { economicModel: unknown; businessModel: unknown }

export interface ProviderInput { document: ModelDocument; facts: CompanyFacts; signal?: AbortSignal }

export type ModelProvider = (input: ProviderInput) => Promise<ProposedModels>;

const BUSINESS = [/^Item 1$/, /^Item 4$/, /business/i];
const RISK = [/^Item 1A$/, /^Item 3$/, /risk/i];
const MDNA = [/^Item 7$/, /^Item 5$/, /discussion/i];
const MARKET = [/^Item 7A$/, /^Item 11$/, /market risk/i];

const PAYERS = [
  ['consumers', /\bconsumers?\b/], ['businesses and enterprises', /\benterprises?\b|\bbusiness customers\b|\bcorporate customers\b/],
  ['governments', /\bgovernment(s|al)? (customers|agencies|contracts)\b|\bU\.S\. government\b/],
  ['retailers and distributors', /\bretailers\b|\bdistributors\b|\bwholesalers?\b|\bbottl(ers|ing partners)\b/],
  ['healthcare providers and payers', /\bhospitals\b|\bpayers\b|\bphysicians\b/], ['airlines and operators', /\bairlines\b/],
  ['members', /\bmembers(hip)?\b/], ['advertisers', /\badvertisers\b/], ['depositors and borrowers', /\bdepositors\b|\bborrowers\b/],
] as const;

const PRICING = [
  ['subscription', /\bsubscriptions?\b/], ['usage-based', /\busage[- ]based\b|\bconsumption[- ]based\b/],
  ['licensing and royalties', /\blicens(e|ing) (fees|revenue)\b|\broyalt(y|ies)\b/], ['per-unit product pricing', /\bper (unit|case|serving)\b|\bunit case\b|\bselling prices?\b/],
  ['price and mix actions', /\bprice\/mix\b|\bpricing actions?\b|\bprice increases?\b/], ['promotions and discounts', /\bpromotions?\b|\bdiscounts?\b|\brebates?\b/],
  ['fees and commissions', /\bfees\b|\bcommissions?\b/], ['interest spread', /\bnet interest (income|margin)\b/], ['advertising', /\badvertising revenue\b|\bad impressions\b/],
  ['long-term contracts', /\blong-term contracts?\b|\bover time\b/],
] as const;

const VARIABLE_COSTS = [
  ['raw materials and commodities', /\braw materials?\b|\bcommodit(y|ies)\b/], ['packaging', /\bpackaging\b/], ['freight and logistics', /\bfreight\b|\blogistics\b|\btransportation costs?\b/],
  ['labor', /\blabor costs?\b|\bwages\b/], ['energy and fuel', /\bfuel\b|\benergy costs?\b/], ['hosting and infrastructure', /\bdata centers?\b|\bhosting\b|\bcloud infrastructure\b/],
  ['purchased products and inventory', /\bmerchandise\b|\bcost of (goods|products) sold\b/], ['contract manufacturing', /\bcontract manufactur/],
] as const;

const FIXED_COSTS = [
  ['marketing and advertising', /\bmarketing\b|\badvertising\b/], ['research and development', /\bresearch and development\b/],
  ['facilities and stores', /\bstores?\b|\bfacilities\b|\bwarehouses?\b/], ['technology', /\btechnology\b/], ['personnel', /\bemployees\b|\bheadcount\b/],
] as const;

const MARGIN_MECHANISMS = [
  ['pricing', /\bpricing\b/], ['product and channel mix', /\bmix\b/], ['productivity and cost savings', /\bproductivity\b|\bcost savings\b|\befficienc(y|ies)\b/],
  ['scale', /\bscale\b/], ['restructuring', /\brestructuring\b/], ['foreign currency', /\bforeign currency\b|\bcurrency exchange\b/],
] as const;

const TOP_LINE = [
  ['consumer demand and economic conditions', /\beconomic conditions\b|\bconsumer (demand|spending|confidence)\b/], ['competition', /\bcompetit(ion|ive|ors)\b/],
  ['foreign exchange rates', /\bforeign (currency|exchange)\b/], ['regulation and taxes', /\bregulat(ion|ory)\b|\btaxes\b/], ['geopolitical events', /\bgeopolitical\b|\bconflict\b|\bwar\b/],
  ['weather and seasonality', /\bweather\b|\bseasonal/], ['customer concentration', /\bsignificant customers?\b|\bconcentration\b/], ['product reputation and recalls', /\breputation\b|\brecalls?\b/],
] as const;

const MARGIN_SENS = [
  ['input cost inflation', /\binflation\b|\binput costs?\b/], ['commodity prices', /\bcommodit(y|ies) prices?\b|\bcommodit(y|ies)\b/], ['labor costs', /\blabor\b|\bwages\b/],
  ['tariffs and trade', /\btariffs?\b|\btrade (policy|restrictions)\b/], ['supply chain disruption', /\bsupply chain\b|\bsuppliers?\b/], ['foreign exchange', /\bforeign (currency|exchange)\b/],
] as const;

const BALANCE_SENS = [
  ['interest rates', /\binterest rates?\b/], ['debt and refinancing', /\bdebt\b|\bcredit (rating|facility)\b/], ['pension obligations', /\bpension\b/],
  ['goodwill and intangible impairment', /\bimpairment\b/], ['currency translation', /\btranslation\b/], ['credit losses', /\bcredit losses\b/],
] as const;

const VEHICLES = [
  ['capital expenditures', /\bcapital expenditures?\b/], ['acquisitions', /\bacquisitions?\b/], ['research and development', /\bresearch and development\b/],
  ['new stores and facilities', /\bnew stores\b|\bnew facilities\b|\bcapacity\b/], ['technology and digital', /\btechnology\b|\bdigital\b|\be-commerce\b/],
  ['marketing investment', /\bmarketing investments?\b|\binvestments? in (our )?brands\b/],
] as const;

const RESOURCES = [
  ['brands and trademarks', /\bbrands?\b|\btrademarks?\b/], ['patents and intellectual property', /\bpatents?\b|\bintellectual property\b/],
  ['distribution network', /\bdistribution (network|system)\b/], ['stores and real estate', /\bstores\b|\bclubs\b/], ['manufacturing facilities', /\bmanufacturing (facilities|plants)\b|\bplants\b/],
  ['technology platform and data', /\bplatform\b|\bdata\b/], ['workforce', /\bemployees\b|\bassociates\b|\bteammates\b/],
] as const;

const PARTNERS = [
  ['bottling partners', /\bbottling partners?\b|\bbottlers\b/], ['suppliers', /\bsuppliers?\b/], ['distributors and wholesalers', /\bdistributors?\b|\bwholesalers?\b/],
  ['retailers', /\bretailers?\b/], ['franchisees', /\bfranchisees?\b/], ['contract manufacturers', /\bcontract manufacturers?\b/], ['resellers and alliances', /\bresellers?\b|\balliances?\b|\bsystem integrators\b/],
] as const;

const CHANNELS = [
  ['retail stores', /\bretail stores?\b|\bstores\b/], ['e-commerce and digital', /\be-commerce\b|\bdigital\b|\bonline\b/], ['wholesale', /\bwholesale\b/],
  ['direct sales force', /\bdirect sales\b|\bsales force\b/], ['distributors and partners', /\bdistributors?\b|\bpartners\b/], ['foodservice', /\bfoodservice\b|\bfountain\b/],
] as const;

function sources(picks: Pick[]): { section: string; quote: string }[] {
  return picks.map((p) => ({ section: p.section, quote: p.quote }));
}

function unitOfValue(revenueModel: string): string {
  if (revenueModel === 'recurring') return 'a subscription or contract term';
  if (revenueModel === 'hybrid') return 'a product sale plus related recurring services';
  if (revenueModel === 'one-time') return 'a unit of product or service sold';
  return 'not determined from the filing';
}

function priorities(p: FactProfile): string[] {
  const uses: [string, number][] = [
    ['dividends', p.dividends], ['share repurchases', p.repurchases], ['capital expenditure', p.capex ?? 0],
    ['acquisitions', p.acquisitions], ['debt repayment', p.debt_repaid],
  ];
  return uses.filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]).map(([name]) => name);
}

function allocationPattern(p: FactProfile): string {
  const cur = p.currency;
  const parts = [
    p.ocf !== null ? `operating cash flow ${formatMoney(p.ocf, cur)}` : null,
    p.dividends > 0 ? `dividends ${formatMoney(p.dividends, cur)}` : null,
    p.repurchases > 0 ? `share repurchases ${formatMoney(p.repurchases, cur)}` : null,
    p.capex ? `capital expenditure ${formatMoney(p.capex, cur)}` : null,
    p.acquisitions > 0 ? `acquisitions ${formatMoney(p.acquisitions, cur)}` : null,
    p.debt_repaid > 0 ? `debt repayment ${formatMoney(p.debt_repaid, cur)}` : null,
  ].filter((s): s is string => s !== null);
  const span = p.first_year === p.last_year ? `fiscal ${String(p.last_year)}` : `fiscal ${String(p.first_year)}-${String(p.last_year)}`;
  return `Over ${span} (${String(p.years)} years, cash-flow statement): ${parts.join('; ')}.`;
}

function cashTiming(p: FactProfile): string {
  if (p.cash_conversion_cycle === null) return 'Cash conversion cycle not computable from the tagged balances.';
  const d = (x: number | null) => String(Math.round(x ?? 0));
  return `Cash conversion cycle of about ${d(p.cash_conversion_cycle)} days at fiscal ${String(p.fiscal_year)} year end ` +
    `(receivables ${d(p.dso)} days of revenue, inventory ${d(p.dio)} days and payables ${d(p.dpo)} days of cost of revenue).`;
}

function costShares(p: FactProfile): { variable: string[]; fixed: string[]; constraint: string } {
  const variable = p.cost_to_revenue !== null ? [`cost of revenue (${formatPercent(p.cost_to_revenue)} of revenue)`] : [];
  const fixed = [
    p.sga_to_revenue !== null ? `selling, general and administrative expense (${formatPercent(p.sga_to_revenue)} of revenue)` : null,
    p.rnd_to_revenue !== null ? `research and development (${formatPercent(p.rnd_to_revenue)} of revenue)` : null,
  ].filter((s): s is string => s !== null);
  const largest = [['cost of revenue', p.cost_to_revenue], ['selling, general and administrative expense', p.sga_to_revenue], ['research and development', p.rnd_to_revenue]]
    .filter((x): x is [string, number] => typeof x[1] === 'number')
    .sort((a, b) => b[1] - a[1])[0];
  const constraint = largest ? `${largest[0]} is the largest cost at ${formatPercent(largest[1])} of revenue in fiscal ${String(p.fiscal_year)}.` : '';
  return { variable, fixed, constraint };
}

function capexNote(p: FactProfile): string[] {
  const out: string[] = [];
  if (p.capex_to_revenue !== null) out.push(`capital expenditure (${formatPercent(p.capex_to_revenue)} of revenue in fiscal ${String(p.fiscal_year)})`);
  if (p.acquisitions > 0) out.push('acquisitions');
  if (p.rnd_to_revenue !== null) out.push('research and development');
  return out;
}

export const deterministicProvider: ModelProvider = ({ document, facts }) => {
  const business = sectionsNamed(document, BUSINESS);
  const risk = sectionsNamed(document, RISK);
  const mdna = sectionsNamed(document, MDNA);
  const market = sectionsNamed(document, MARKET);
  const narrative = [...business, ...mdna];
  const p = facts.profile;
  const decided = (pick: (q: FactProfile) => string) => (p ? pick(p) : 'unknown');
  const named = facts.products.length ? facts.products : facts.segments;
  const total = named.reduce((s, m) => s + (m.revenue ?? 0), 0);
  const primary = named.filter((m, i) => i === 0 || (total > 0 && (m.revenue ?? 0) / total >= 0.15)).map((m) => m.name);
  const secondary = named.map((m) => m.name).filter((n) => !primary.includes(n));
  const revenueModel = decided((q) => q.revenue_model);
  const payers = detect(business, PAYERS, 3);
  const pricing = detect(narrative, PRICING, 4);
  const costs = p ? costShares(p) : { variable: [], fixed: [], constraint: '' };
  const variableCosts = [...costs.variable, ...detect(narrative, VARIABLE_COSTS, 3)];
  const strategy = pickSentences(narrative, [/\bstrateg(y|ic|ies)\b/i, /\bpriorit(y|ies)\b/i, /\bgrowth\b/i, /\blong-term\b/i], 1);

  const economicModel = {
    summary: {
      primaryOfferings: primary, secondaryOfferings: secondary,
      sources: sources(pickSentences(business, [/\bwe (are|make|sell|offer|provide|manufacture|operate)\b/i, /\bproducts?\b/i, /\bservices?\b/i, /\bbrands?\b/i], 2)),
    },
    valueDelivery: {
      offeringTypes: named.map((m) => m.name).slice(0, 6), customer: { primaryPayerTypes: payers },
      demandDriver: pickSentences(business, [/\bdemand\b/i, /\bconsumers?\b/i, /\bcustomers?\b/i], 1)[0]?.quote ?? '',
      unitOfValue: unitOfValue(revenueModel),
      sources: sources(pickSentences(business, [/\bcustomers?\b/i, /\bconsumers?\b/i, /\bdemand\b/i, /\bdeliver/i], 2)),
    },
    monetization: {
      revenueModel, pricingMechanisms: pricing, priceSettingPower: decided((q) => q.price_setting_power),
      primaryRevenueDrivers: [...primary.slice(0, 3), ...(pricing.includes('price and mix actions') ? ['price/mix'] : []), 'volume'],
      sources: sources(pickSentences(narrative, [/\brevenues?\b/i, /\brecogni[sz]/i, /\bpric(e|ing)\b/i, /\bsubscriptions?\b/i], 2)),
    },
    costStructure: {
      variableCostDrivers: variableCosts, fixedCostDrivers: [...costs.fixed, ...detect(narrative, FIXED_COSTS, 2)],
      marginDriverMechanisms: detect(mdna.length ? mdna : narrative, MARGIN_MECHANISMS, 4), primaryConstraint: costs.constraint,
      sources: sources(pickSentences(mdna.length ? mdna : narrative, [/\bcost of (sales|revenue|goods)\b/i, /\bgross (margin|profit)\b/i, /\bexpenses?\b/i, /\bcosts?\b/i], 2)),
    },
    reinvestment: {
      capitalIntensity: decided((q) => q.capital_intensity),
      reinvestmentVehicles: [...new Set([...(p ? capexNote(p) : []), ...detect(narrative, VEHICLES, 3)])],
      maintenanceVsGrowth: decided((q) => q.maintenance_vs_growth),
      sources: sources(pickSentences(narrative, [/\bcapital expenditures?\b/i, /\binvest(ment|ing)?s?\b/i, /\bcapacity\b/i, /\bacquisitions?\b/i], 2)),
    },
    cashConversion: {
      workingCapitalProfile: decided((q) => q.working_capital_profile), cashTimingNotes: p ? cashTiming(p) : '',
      keyBalanceSheetSensitivities: [
        ...(p?.inventory ? ['inventory'] : []), ...(p?.receivables ? ['accounts receivable'] : []), ...(p?.accounts_payable ? ['accounts payable'] : []),
      ],
      sources: sources(pickSentences(mdna.length ? mdna : narrative, [/\bworking capital\b/i, /\bcash (flows? )?(provided by|from) operating\b/i, /\bliquidity\b/i, /\binventor(y|ies)\b/i], 2)),
    },
    sensitivities: {
      topLineSensitivities: detect(risk, TOP_LINE, 4), marginSensitivities: detect(risk, MARGIN_SENS, 3),
      balanceSheetSensitivities: detect([...risk, ...market], BALANCE_SENS, 3),
      sources: sources(pickSentences([...risk, ...market], [/\badversely affect\b/i, /\bdemand\b/i, /\bcosts?\b/i, /\binterest rates?\b/i, /\bforeign (currency|exchange)\b/i], 2)),
    },
    unitEconomics: {
      unit: unitOfValue(revenueModel), revenueDrivers: primary.slice(0, 3), variableCosts, marginalMargin: decided((q) => q.marginal_margin),
      sources: sources(pickSentences(mdna.length ? mdna : narrative, [/\bgross (margin|profit)\b/i, /\bunit\b/i, /\bvolume\b/i, /\bprice\b/i], 2)),
    },
    capitalAllocation: {
      priorities: p ? priorities(p) : [], historicalPattern: p ? allocationPattern(p) : '',
      watchMetrics: ['free cash flow', 'dividends and repurchases as a share of operating cash flow', 'capital expenditure versus depreciation', 'net debt'],
      sources: sources(pickSentences(narrative, [/\brepurchase/i, /\bdividends?\b/i, /\bcapital allocation\b/i, /\bshareholders?\b/i], 2)),
    },
    managementStyle: {
      orientation: decided((q) => q.orientation), strategyNotes: strategy[0]?.quote ?? '',
      sources: sources(strategy.length ? strategy : pickSentences(narrative, [/\bmanagement\b/i], 1)),
    },
  };

  const businessModel = {
    segments: { items: facts.segments, sources: sources(pickSentences(narrative, [/\bsegments?\b/i, /\boperating segments?\b/i], 2)) },
    customers: { payerTypes: payers, sources: economicModel.valueDelivery.sources },
    revenueStreams: { items: facts.products.length ? facts.products : facts.segments, sources: economicModel.monetization.sources },
    keyResources: { items: detect(business, RESOURCES, 4), sources: sources(pickSentences(business, [/\bbrands?\b/i, /\bpatents?\b/i, /\bintellectual property\b/i, /\bfacilities\b/i], 2)) },
    keyPartners: { items: detect(business, PARTNERS, 4), sources: sources(pickSentences(business, [/\bpartners?\b/i, /\bsuppliers?\b/i, /\bdistributors?\b/i, /\bbottl/i], 2)) },
    channels: { items: detect(business, CHANNELS, 4), sources: sources(pickSentences(business, [/\bdistribut/i, /\bchannels?\b/i, /\bstores\b/i, /\be-commerce\b|\bonline\b/i], 2)) },
    costDrivers: { items: [...variableCosts, ...costs.fixed], sources: economicModel.costStructure.sources },
  };
  return Promise.resolve({ economicModel, businessModel });
};
