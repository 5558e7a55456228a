/**
 * How many digits each currency's amount carries after the point on the wire (ISO 4217 exponents, except that
 * UGX, JPY, KRW and CLP are sent as "XX.00"). A copy of the platform's table (shared/domain/money.ts), kept small
 * so the SDK needs nothing of the platform; test/unit/sdk/currencies.test.ts fails if the two ever differ.
 */
const EXPONENT_0 = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF';
const EXPONENT_3 = 'BHD IQD JOD KWD LYD OMR TND';
const EXPONENT_4 = 'CLF UYW';
const EXPONENT_2 =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD ' +
  'CAD CDF CHE CHF CHW CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL ' +
  'GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD ' +
  'LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN ' +
  'PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL ' +
  'THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG ZWL';
const ZERO_EXPONENT_WITH_CENTS = new Set(['UGX', 'JPY', 'KRW', 'CLP']);

export interface CurrencyFormat {
  exponent: number;
  wireDecimals: number;
}

const FORMATS: ReadonlyMap<string, CurrencyFormat> = (() => {
  const map = new Map<string, CurrencyFormat>();
  for (const [codes, exponent] of [
    [EXPONENT_0, 0],
    [EXPONENT_2, 2],
    [EXPONENT_3, 3],
    [EXPONENT_4, 4],
  ] as const) {
    for (const code of codes.split(' ')) map.set(code, { exponent, wireDecimals: ZERO_EXPONENT_WITH_CENTS.has(code) ? 2 : exponent });
  }
  return map;
})();

export const currencyFormat = (code: string): CurrencyFormat | undefined => FORMATS.get(code);
export const currencyCodes = (): string[] => [...FORMATS.keys()];
