// The spec's entity identifiers: exactly one of them names the company, security or fund an endpoint is about.
import { integerParam, stringParam, type ParamSpec } from './ParamSpec.ts';

/** CIKs bind to INTEGER columns throughout the warehouse: the schema accepts exactly what the column can hold. */
export const CIK_MAX = 2_147_483_647;

export const ENTITY_PARAMS = {
  symbol: stringParam(/^[A-Za-z0-9][A-Za-z0-9.\-/^=]{0,19}$/, 'a ticker symbol such as AAPL or BRK.B (letters, digits, ".", "-", "/", up to 20 characters)',
    'Ticker symbol (fund ticker on fund endpoints)', { example: 'AAPL' }),
  cik: integerParam(1, CIK_MAX, 'SEC Central Index Key', { example: 320193 }),
  cusip: stringParam(/^[0-9A-Za-z*@#]{9}$/, 'a CUSIP of exactly 9 letters or digits', 'CUSIP, 9 characters', { example: '037833100' }),
  composite_figi: stringParam(/^BBG[0-9A-Z]{9}$/, 'a 12-character OpenFIGI such as BBG000B9XRY4', 'Composite OpenFIGI identifier'),
  share_class_figi: stringParam(/^BBG[0-9A-Z]{9}$/, 'a 12-character OpenFIGI such as BBG001S5N8V8', 'Share-class OpenFIGI identifier'),
} as const satisfies Record<string, ParamSpec>;

export type EntityParam = keyof typeof ENTITY_PARAMS;
export const ENTITY_PARAM_NAMES = Object.keys(ENTITY_PARAMS) as EntityParam[];
