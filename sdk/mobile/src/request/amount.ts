/** Amount strings as the platform reads them: no sign, exponent or spaces, exactly the currency's decimals. */
import { currencyFormat } from './currencies.js';

/** "" when the amount fits the currency, else why not (in words an app developer can act on). */
export function amountProblem(amount: unknown, currency: string): string {
  if (typeof amount !== 'string' || amount === '') return 'is required, as a string such as "10.00"';
  const format = currencyFormat(currency);
  if (!format) return ''; // the currency's own problem is reported on the currency
  const d = format.wireDecimals;
  const pattern = d === 0 ? /^(0|[1-9][0-9]*)$/ : new RegExp(`^(0|[1-9][0-9]*)\\.([0-9]{${d}})$`);
  const example = d === 0 ? '1000' : `10.${'0'.repeat(d)}`;
  const m = amount.length <= 32 ? pattern.exec(amount) : null;
  if (!m) return `must be written with ${d} decimal${d === 1 ? '' : 's'} for ${currency}, like "${example}"`;
  if (format.exponent === 0 && m[2] !== undefined && !/^0+$/.test(m[2])) return `${currency} has no minor unit: the decimals must be zeros`;
  return '';
}

/** Refund amounts travel without a currency (the payment's applies): any positive decimal with up to 4 decimals. */
export function refundAmountProblem(amount: unknown): string {
  if (typeof amount !== 'string' || !/^(0|[1-9][0-9]{0,15})(\.[0-9]{1,4})?$/.test(amount)) return 'must be a decimal string such as "5.00"';
  if (/^0(\.0+)?$/.test(amount)) return 'must be greater than 0';
  return '';
}
