// SEC companyfacts and submissions JSON (fixtures, gzip or plain, or generated text) parsed and checked against the parts of the shape the tests read.
import fs from 'node:fs';
import zlib from 'node:zlib';
import * as v from 'valibot';
import { defined } from './defined.ts';

const Fact = v.looseObject({
  start: v.optional(v.string()),
  end: v.string(),
  val: v.number(),
  accn: v.string(),
  form: v.string(),
  filed: v.string(),
});
const CompanyFactsJson = v.looseObject({
  facts: v.record(v.string(), v.record(v.string(), v.looseObject({ units: v.record(v.string(), v.array(Fact)) }))),
});

const SubmissionsJson = v.looseObject({
  filings: v.looseObject({
    recent: v.looseObject({
      accessionNumber: v.array(v.string()),
      form: v.array(v.string()),
      reportDate: v.array(v.string()),
      acceptanceDateTime: v.array(v.string()),
      primaryDocument: v.array(v.string()),
    }),
  }),
});

export type CompanyFact = v.InferOutput<typeof Fact>;
export type CompanyFacts = v.InferOutput<typeof CompanyFactsJson>;
export type CompanyFactsDoc = CompanyFacts;

/** Reads SEC's JSON from `file`, gunzipping a `.gz`; the caller checks the shape. */
export function readSecJson(file: string): unknown {
  const bytes = fs.readFileSync(file);
  return JSON.parse((file.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('utf8'));
}

/** Reads a companyfacts file, failing with the file and the first mismatch when it is not shaped as SEC publishes it. */
export function readCompanyFacts(file: string): CompanyFacts {
  const parsed = v.safeParse(CompanyFactsJson, readSecJson(file));
  if (!parsed.success) throw new Error(`${file}: not a companyfacts document: ${v.summarize(parsed.issues)}`);
  return parsed.output;
}

/** Reads a submissions file's recent-filings columns, failing with the file and the first mismatch. */
export function readSubmissions(file: string): v.InferOutput<typeof SubmissionsJson> {
  const parsed = v.safeParse(SubmissionsJson, readSecJson(file));
  if (!parsed.success) throw new Error(`${file}: not a submissions document: ${v.summarize(parsed.issues)}`);
  return parsed.output;
}

/** Parses a companyfacts file's text; throws (valibot ValiError) when it is not companyfacts-shaped. */
export function parseCompanyFacts(text: string): CompanyFactsDoc {
  return v.parse(CompanyFactsJson, JSON.parse(text));
}

/** The facts a companyfacts document states for one concept in one unit; fails the test when it states none. */
export function unitFacts(doc: CompanyFactsDoc, taxonomy: string, concept: string, unit: string): CompanyFact[] {
  const concepts = defined(doc.facts[taxonomy], `companyfacts taxonomy ${taxonomy}`);
  return defined(defined(concepts[concept], `companyfacts concept ${taxonomy}:${concept}`).units[unit], `${taxonomy}:${concept} facts in ${unit}`);
}
