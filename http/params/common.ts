// Parameters several endpoints share: pagination, period selection, period count, currency.
import { enumParam, integerParam, type ParamSpec } from './ParamSpec.ts';

export const pageParam = integerParam(1, 1_000_000, 'Page number, 1-indexed', { default: 1 });

export function pageSizeParam(max: number): ParamSpec<number> {
  return integerParam(1, max, `Rows per page (at most ${max}; lower plan maxima clamp it, the envelope reports the size served)`, { default: 25 });
}

export const limitParam = integerParam(1, 1000, 'Maximum number of periods; clamped to the plan maximum (default: the plan maximum)');

export function periodParam<const T extends readonly string[]>(values: T, description: string): ParamSpec<T[number]> {
  return enumParam(values, description, { default: values[0]! });
}

export const CURRENCIES = ['original', 'USD', ...('AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX UYU UZS VES VND VUV WST XAF XCD XDR XOF XPF YER ZAR ZMW ZWG'.split(' '))] as const;

export const currencyParam = enumParam(CURRENCIES, 'Target currency: original (as reported), USD (default) or an ISO 4217 code', {
  default: 'USD',
  expected: 'original, USD or an ISO 4217 currency code the service prices (listed in /v1/openapi.json)',
});
