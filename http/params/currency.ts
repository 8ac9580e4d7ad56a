// The spec's `currency` query parameter: `original`, `USD` or one of the spec's ISO 4217 codes, default USD.
// An endpoint adds it in one line (`params: { currency: currencyParam }`) and passes currencyArg(params) to its
// macro, which converts with sql/30_fx (fx_key_rates + fx_block; fx_facts / fx_periods for one company's facts).
import { enumParam } from './ParamSpec.ts';

/** The ISO 4217 codes the spec lists for `currency` (service-interface.md, "Currency parameter"), USD excluded. */
export const SPEC_ISO_CODES = Object.freeze(('AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX UYU UZS VES VND VUV WST XAF XCD XDR XOF XPF YER ZAR ZMW ZWG').split(' '));

export const CURRENCIES = ['original', 'USD', ...SPEC_ISO_CODES] as const;

export const currencyParam = enumParam(CURRENCIES, 'Target currency: original (as reported), USD (default) or an ISO 4217 code', {
  default: 'USD',
  expected: 'original, USD or an ISO 4217 currency code the service prices (listed in /v1/openapi.json)',
});

/** The macro argument: the validated value, or the default. */
export function currencyArg(params: Record<string, unknown>): string {
  return (params.currency as string | undefined) ?? 'USD';
}
