// The subscription plans a token can carry; the spec's tier labels map onto these in http/tiers.ts.
export const PLANS = ['Free', 'Starter', 'Pro', 'Stock Pro', 'ETF Pro'] as const;

export type Plan = (typeof PLANS)[number];

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}
