/**
 * S2S CARD payer fields (6.7.0 rules): address, country, city and zip are required only when the merchant's protocol
 * mapping marks them Required; payer_state is collected only for CA, US, JP, AU and IN (ignored, not validated, for
 * others); payer_phone_country_code is digits up to 10 characters with hyphens; payer_language is never rejected.
 * Values are kept under their wire names: they are what status responses and callbacks echo.
 */
import type { Merchant } from '../../domain/merchant.js';
import { FieldReader, MESSAGES, PATTERNS, isIp, type FieldRule } from '../fields.js';
import { knownLanguage } from '../language-codes.js';

export const STATE_COUNTRIES = ['CA', 'US', 'JP', 'AU', 'IN'];
export const PAYER_LANGUAGES = [
  'en',
  'sp',
  'ar',
  'az',
  'fr',
  'nb',
  'zh',
  'zh-TW',
  'kk',
  'de',
  'it',
  'hr',
  'cs',
  'hu',
  'pl',
  'pt',
  'ro',
  'ja',
  'nl',
  'bg',
  'ru',
];
export const PHONE_COUNTRY_CODE = /^(?=.{1,10}$)\d+(?:-\d+)*$/;

export interface PayerNeeds {
  /** payer_first_name, payer_last_name */
  names: boolean;
  email: boolean;
  phone: boolean;
  ip: boolean;
}

export interface Payer {
  email?: string;
  /** payer_* wire name → value, only the fields sent (and kept). */
  fields: Record<string, string>;
  /** Page language for the payer: a known code, else English. */
  language?: string;
  present?: string;
}

/** Not validated: unknown or odd codes fall back to English instead of failing the payment (pt-BR reads as pt). */
export function payerLanguage(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const code = knownLanguage(value);
  return PAYER_LANGUAGES.find((l) => l.toLowerCase() === code) ?? 'en';
}

/** Every payer_* field kept on a payment (and echoed where the merchant's payer mapping is on). */
export const PAYER_FIELDS = [
  'payer_first_name',
  'payer_last_name',
  'payer_middle_name',
  'payer_birth_date',
  'payer_address',
  'payer_address2',
  'payer_house_number',
  'payer_country',
  'payer_city',
  'payer_district',
  'payer_zip',
  'payer_state',
  'payer_email',
  'payer_phone',
  'payer_phone_country_code',
  'payer_ip',
] as const;

export function readPayer(f: FieldReader, merchant: Merchant, needs: PayerNeeds): Payer {
  const fields: Record<string, string> = {};
  const read = (name: (typeof PAYER_FIELDS)[number], required: boolean, rule: FieldRule = {}): string | undefined => {
    const value = required ? f.required(name, rule) : f.optional(name, rule);
    if (value) fields[name] = value;
    return value || undefined;
  };
  const mapped = new Set(merchant.requiredPayerFields);
  read('payer_first_name', needs.names, { max: 32 });
  read('payer_last_name', needs.names, { max: 32 });
  read('payer_middle_name', false, { max: 32 });
  read('payer_birth_date', false, { pattern: PATTERNS.date });
  read('payer_address', mapped.has('payer_address'), { max: 255 });
  read('payer_address2', false, { max: 255 });
  read('payer_house_number', false, { max: 9 });
  const country = read('payer_country', mapped.has('payer_country'), { pattern: PATTERNS.country });
  read('payer_city', mapped.has('payer_city'), { max: 40 });
  read('payer_district', false, { max: 255 });
  read('payer_zip', mapped.has('payer_zip'), { max: 10 });
  if (country && STATE_COUNTRIES.includes(country)) read('payer_state', false, { max: 32 });
  const email = read('payer_email', needs.email, { max: 256, pattern: PATTERNS.email, patternMessage: MESSAGES.email });
  read('payer_phone', needs.phone, { max: 32 });
  read('payer_phone_country_code', false, { pattern: PHONE_COUNTRY_CODE });
  const ip = read('payer_ip', needs.ip, { max: 64 });
  if (ip && !isIp(ip)) f.fail('payer_ip', MESSAGES.ip);
  const language = typeof f.raw('payer_language') === 'string' ? payerLanguage(f.raw('payer_language') as string) : undefined;
  const present = typeof f.raw('payer_present') === 'string' ? (f.raw('payer_present') as string) : undefined;
  return { email, fields, language, present };
}
