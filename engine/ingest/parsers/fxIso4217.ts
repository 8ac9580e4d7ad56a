// The ISO 4217 currency codes in use today (list of the ISO 4217 maintenance agency, 2025), used to keep only real
// currencies from multi-asset rate feeds: crypto tickers and withdrawn codes (ATS, AZM, HRK, SLL, ZWL, ...) are
// dropped. Precious metals and testing codes (XAU, XTS, XXX, ...) are not currencies a filer reports in; the SDR
// (XDR) is kept because the spec's currency list names it.
const ACTIVE = `AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD
CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD
GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD
LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR
PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD
TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST XAF XCD XCG XDR XOF XPF YER ZAR ZMW ZWG`;

export const ISO_4217_ACTIVE: ReadonlySet<string> = new Set(ACTIVE.split(/\s+/));

export function isActiveIso4217(code: string): boolean {
  return ISO_4217_ACTIVE.has(code);
}
