// Tier configuration, in one place: which plans each spec tier label admits, and the per-plan numbers the spec leaves
// open (rate limits, the `limit` clamp, page-size maxima). Override any of it with a JSON file (FILINGS_TIERS_FILE)
// of the same shape; omitted fields keep these defaults.
//
// Defaults and why:
//   plan       per minute  per day   limit clamp (periods)  max pageSize
//   Free           30        1,000          5 (5 years)          50
//   Starter       120       10,000         20                    100
//   Stock Pro     300       50,000         40                    500
//   ETF Pro       300       50,000         40                    500
//   Pro           600      100,000         80 (20 years of Q)    500
//   anonymous      60        1,000          -                     -   (docs/openapi and 401 responses, per client IP)
// Pro is the top plan and may call every route; Stock Pro and ETF Pro are the stock-data and fund-data plans, so a
// route labelled `F, S, EP` admits Free, Starter, ETF Pro and Pro but not Stock Pro. Unlabelled routes admit every plan.
import fs from 'node:fs';
import * as v from 'valibot';
import { PLANS, type Plan } from '../engine/accounts/plans.ts';

export const TIER_LABELS = ['F', 'S', 'Pro', 'SP', 'EP'] as const;
export type TierLabel = (typeof TIER_LABELS)[number];

export interface PlanLimits {
  readonly perMinute: number;
  readonly perDay: number;
  /** Most periods a `limit` parameter may ask for; larger values are clamped, not rejected. */
  readonly maxLimit: number;
  /** Largest page a paginated endpoint serves this plan; larger `pageSize` values are clamped to it. */
  readonly maxPageSize: number;
}

export interface TierConfig {
  readonly labels: Readonly<Record<TierLabel, readonly Plan[]>>;
  /** Plans that may call every route regardless of labels. */
  readonly topPlans: readonly Plan[];
  readonly plans: Readonly<Record<Plan, PlanLimits>>;
  /** Budget of callers without a valid token (keyed by client address). */
  readonly anonymous: { readonly perMinute: number; readonly perDay: number };
  /** pageSize when the caller gives none (then clamped to the plan's maximum). */
  readonly defaultPageSize: number;
  /** Human name of each plan, used in 403 messages (the service calls Pro the Professional plan). */
  readonly planTitles: Readonly<Record<Plan, string>>;
}

export const DEFAULT_TIERS: TierConfig = deepFreeze({
  labels: { F: ['Free'], S: ['Starter'], Pro: ['Pro'], SP: ['Stock Pro'], EP: ['ETF Pro'] },
  topPlans: ['Pro'],
  plans: {
    Free: { perMinute: 30, perDay: 1_000, maxLimit: 5, maxPageSize: 50 },
    Starter: { perMinute: 120, perDay: 10_000, maxLimit: 20, maxPageSize: 100 },
    'Stock Pro': { perMinute: 300, perDay: 50_000, maxLimit: 40, maxPageSize: 500 },
    'ETF Pro': { perMinute: 300, perDay: 50_000, maxLimit: 40, maxPageSize: 500 },
    Pro: { perMinute: 600, perDay: 100_000, maxLimit: 80, maxPageSize: 500 },
  },
  anonymous: { perMinute: 60, perDay: 1_000 },
  defaultPageSize: 25,
  planTitles: { Free: 'Free', Starter: 'Starter', Pro: 'Professional', 'Stock Pro': 'Stock Pro', 'ETF Pro': 'ETF Pro' },
});

const count = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1e9));
const planList = v.array(v.picklist(PLANS));
const limitsOverride = v.strictObject({
  perMinute: v.optional(count), perDay: v.optional(count), maxLimit: v.optional(count), maxPageSize: v.optional(count),
});
const OverrideSchema = v.strictObject({
  labels: v.optional(v.strictObject(Object.fromEntries(TIER_LABELS.map((l) => [l, v.optional(planList)])) as Record<TierLabel, v.OptionalSchema<typeof planList, undefined>>)),
  topPlans: v.optional(planList),
  plans: v.optional(v.strictObject(Object.fromEntries(PLANS.map((p) => [p, v.optional(limitsOverride)])) as Record<Plan, v.OptionalSchema<typeof limitsOverride, undefined>>)),
  anonymous: v.optional(v.strictObject({ perMinute: v.optional(count), perDay: v.optional(count) })),
  defaultPageSize: v.optional(count),
  planTitles: v.optional(v.record(v.picklist(PLANS), v.string())),
});

export class TierConfigError extends Error {
  constructor(file: string, reason: string) {
    super(`tier configuration ${file}: ${reason}`);
    this.name = 'TierConfigError';
  }
}

/** The defaults, overridden field by field by the JSON file when one is configured. */
export function loadTierConfig(file: string | null): TierConfig {
  if (file === null) return DEFAULT_TIERS;
  let doc: unknown;
  try {
    doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new TierConfigError(file, (err as Error).message);
  }
  const parsed = v.safeParse(OverrideSchema, doc);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    throw new TierConfigError(file, `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
  }
  const o = parsed.output;
  const d = DEFAULT_TIERS;
  return deepFreeze({
    labels: Object.fromEntries(TIER_LABELS.map((l) => [l, o.labels?.[l] ?? d.labels[l]])) as Record<TierLabel, Plan[]>,
    topPlans: o.topPlans ?? d.topPlans,
    plans: Object.fromEntries(PLANS.map((p) => [p, { ...d.plans[p], ...stripUndefined(o.plans?.[p]) }])) as Record<Plan, PlanLimits>,
    anonymous: { ...d.anonymous, ...stripUndefined(o.anonymous) } as TierConfig["anonymous"],
    defaultPageSize: o.defaultPageSize ?? d.defaultPageSize,
    planTitles: { ...d.planTitles, ...o.planTitles },
  });
}

/** The plans a route with these labels admits (every plan for an unlabelled route). */
export function admittedPlans(config: TierConfig, labels: readonly TierLabel[]): Plan[] {
  if (labels.length === 0) return [...PLANS];
  const admitted = new Set<Plan>(config.topPlans);
  for (const label of labels) for (const plan of config.labels[label]) admitted.add(plan);
  return PLANS.filter((p) => admitted.has(p));
}

export function planMayCall(config: TierConfig, plan: Plan, labels: readonly TierLabel[]): boolean {
  return admittedPlans(config, labels).includes(plan);
}

/** The 403 message: names the caller's plan and the plans that would do. */
export function planRequiredMessage(config: TierConfig, plan: Plan, labels: readonly TierLabel[]): string {
  const titles = admittedPlans(config, labels).map((p) => config.planTitles[p]);
  const need = titles.length === 1 ? `a ${String(titles[0])} plan is required` : `one of these plans is required: ${titles.join(', ')}`;
  return `Feature not available on your current plan (${config.planTitles[plan]}): ${need}`;
}

function stripUndefined<T extends object>(o: T | undefined): Partial<T> {
  if (!o) return {};
  return Object.fromEntries(Object.entries(o).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object') {
    for (const value of Object.values(o)) deepFreeze(value);
    Object.freeze(o);
  }
  return o;
}
