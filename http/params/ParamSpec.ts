// A query parameter's contract: its wire kind (how the query text is coerced), a valibot schema that validates the
// coerced value and also documents it in OpenAPI, and the "expected ..." phrase every 400 message for it uses.
import * as v from 'valibot';

export type ParamKind = 'string' | 'integer' | 'boolean';

export interface ParamSpec<T = unknown> {
  readonly kind: ParamKind;
  readonly schema: v.GenericSchema<unknown, T>;
  /** Completes "expected ...": e.g. "an integer from 1 to 500". */
  readonly expected: string;
  readonly description: string;
  /** Documented default (applied by the endpoint, not by validation). */
  readonly default?: string | number | boolean;
  readonly example?: string | number | boolean;
  /** A request without it is a 400 (validateQuery); documented as required in OpenAPI. */
  readonly required?: boolean;
}

/** The same parameter, but a request must give it. */
export function required<T>(spec: ParamSpec<T>): ParamSpec<T> & { readonly required: true } {
  return { ...spec, required: true, description: spec.description };
}

type ValueOf<S> = S extends ParamSpec<infer T> ? T : never;
type RequiredKeys<S> = { [K in keyof S]: S[K] extends { readonly required: true } ? K : never }[keyof S];

/** The validated values an endpoint's handler receives for its parameter specs: required ones present, others optional. */
export type ParamValues<S> = { readonly [K in RequiredKeys<S>]: ValueOf<S[K]> } & { readonly [K in Exclude<keyof S, RequiredKeys<S>>]?: ValueOf<S[K]> };

export function integerParam(min: number, max: number, description: string, extra: Partial<ParamSpec<number>> = {}): ParamSpec<number> {
  const expected = `an integer from ${String(min)} to ${String(max)}`;
  return {
    kind: 'integer',
    schema: v.pipe(v.number(expected), v.integer(expected), v.minValue(min, expected), v.maxValue(max, expected)),
    expected,
    description,
    ...extra,
  };
}

export function enumParam<const T extends readonly string[]>(values: T, description: string, extra: Partial<ParamSpec<T[number]>> = {}): ParamSpec<T[number]> {
  const expected = `one of ${values.join(', ')}`;
  return { kind: 'string', schema: v.picklist(values, expected), expected, description, ...extra };
}

export function booleanParam(description: string, extra: Partial<ParamSpec<boolean>> = {}): ParamSpec<boolean> {
  return { kind: 'boolean', schema: v.boolean('true or false'), expected: 'true or false', description, ...extra };
}

export function stringParam(pattern: RegExp, expected: string, description: string, extra: Partial<ParamSpec<string>> = {}): ParamSpec<string> {
  return { kind: 'string', schema: v.pipe(v.string(expected), v.regex(pattern, expected)), expected, description, ...extra };
}

const DATE_EXPECTED = 'a calendar date written YYYY-MM-DD';

export function dateParam(description: string, extra: Partial<ParamSpec<string>> = {}): ParamSpec<string> {
  return {
    kind: 'string',
    schema: v.pipe(v.string(DATE_EXPECTED), v.isoDate(DATE_EXPECTED), v.check(isCalendarDate, DATE_EXPECTED)),
    expected: DATE_EXPECTED,
    description,
    ...extra,
  };
}

function isCalendarDate(text: string): boolean {
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

export type ParseResult = { ok: true; value: unknown } | { ok: false; expected: string };

/** Coerce the query text to the parameter's kind, then validate with its schema. Never throws. */
export function parseParam(spec: ParamSpec, raw: string): ParseResult {
  let value: unknown;
  switch (spec.kind) {
    case 'integer':
      if (!/^[+-]?\d{1,15}$/.test(raw)) return { ok: false, expected: spec.expected };
      value = Number(raw);
      break;
    case 'boolean':
      if (raw === 'true' || raw === '1') value = true;
      else if (raw === 'false' || raw === '0') value = false;
      else return { ok: false, expected: spec.expected };
      break;
    default:
      value = raw;
  }
  const parsed = v.safeParse(spec.schema, value);
  return parsed.success ? { ok: true, value: parsed.output } : { ok: false, expected: spec.expected };
}
