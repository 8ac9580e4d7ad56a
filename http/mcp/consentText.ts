// What the consent page says in words: the account's plan (its title, its limits, how many tools it opens) and each
// requested scope as the permission it grants. Ids stay out of the page; a scope this server does not describe is
// named as it was asked for, so nothing the client receives goes unmentioned.
import type { Plan } from '../../engine/accounts/plans.ts';
import type { Endpoint } from '../registry.ts';
import { planMayCall, type TierConfig } from '../tiers.ts';
import { MCP_SCOPE } from './oauthServer.ts';

const SCOPE_WORDS: Readonly<Record<string, string>> = {
  [MCP_SCOPE]: 'Read filings data through the tools your plan includes (company profiles, financial statements, filings, ownership); nothing is changed or written',
  offline_access: 'Stay connected: renew its access without asking you to sign in again, until you revoke it',
};

export interface PlanSummary {
  title: string;
  description: string;
}

export function planSummary(plan: Plan, tiers: TierConfig, endpoints: readonly Endpoint[]): PlanSummary {
  const limits = tiers.plans[plan];
  const open = endpoints.filter((e) => planMayCall(tiers, plan, e.tiers)).length;
  const tools = open === endpoints.length ? `all ${String(endpoints.length)} tools` : `${String(open)} of ${String(endpoints.length)} tools`;
  const count = (n: number) => n.toLocaleString('en-US');
  return {
    title: `${tiers.planTitles[plan]} plan`,
    description: `${tools}; up to ${count(limits.perMinute)} calls a minute and ${count(limits.perDay)} a day, shared with your API tokens.`,
  };
}

/** The permissions a space-separated scope string asks for, in words. */
export function scopeWords(scope: string): string[] {
  const ids = [...new Set(scope.split(' ').filter((s) => s !== ''))];
  return ids.map((id) => SCOPE_WORDS[id] ?? `A permission this server does not describe ("${id}")`);
}
