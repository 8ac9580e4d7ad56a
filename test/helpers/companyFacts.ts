// Test reader for SEC companyfacts JSON: the document is parsed against a schema so tests read its facts typed.
import * as v from 'valibot';
import { defined } from './defined.ts';

// loose objects: a test that passes a fact or the document on keeps every key SEC wrote, not only the checked ones
const FactSchema = v.looseObject({ end: v.string(), val: v.number(), accn: v.string(), form: v.string(), start: v.optional(v.string()) });
const CompanyFactsSchema = v.looseObject({
  facts: v.record(v.string(), v.record(v.string(), v.looseObject({ units: v.record(v.string(), v.array(FactSchema)) }))),
});

export type CompanyFact = v.InferOutput<typeof FactSchema>;
export type CompanyFactsDoc = v.InferOutput<typeof CompanyFactsSchema>;

/** Parses a companyfacts file's text; throws (valibot ValiError) when it is not companyfacts-shaped. */
export function parseCompanyFacts(text: string): CompanyFactsDoc {
  return v.parse(CompanyFactsSchema, JSON.parse(text));
}

/** The facts a companyfacts document states for one concept in one unit; fails the test when it states none. */
export function unitFacts(doc: CompanyFactsDoc, taxonomy: string, concept: string, unit: string): CompanyFact[] {
  const concepts = defined(doc.facts[taxonomy], `companyfacts taxonomy ${taxonomy}`);
  return defined(defined(concepts[concept], `companyfacts concept ${taxonomy}:${concept}`).units[unit], `${taxonomy}:${concept} facts in ${unit}`);
}
