// Parameters several endpoints share: pagination, period selection, period count, currency.
import { defined } from '../../engine/query/defined.ts';
import { enumParam, integerParam, type ParamSpec } from './ParamSpec.ts';

export const pageParam = integerParam(1, 1_000_000, 'Page number, 1-indexed', { default: 1 });

export function pageSizeParam(max: number): ParamSpec<number> {
  return integerParam(1, max, `Rows per page (at most ${String(max)}; lower plan maxima clamp it, the envelope reports the size served)`, { default: 25 });
}

export const limitParam = integerParam(1, 1000, 'Maximum number of periods; clamped to the plan maximum (default: the plan maximum)');

export function periodParam<const T extends readonly string[]>(values: T, description: string): ParamSpec<T[number]> {
  return enumParam(values, description, { default: defined(values[0], 'values[0]') });
}

// the currency parameter lives in currency.ts; re-exported for the endpoints that import it from here
export { CURRENCIES, currencyParam } from './currency.ts';
