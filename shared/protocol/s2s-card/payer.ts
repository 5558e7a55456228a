/**
 * S2S CARD payer fields (6.7.0 rules): address, country, city and zip are required only when the merchant's protocol
 * mapping marks them Required; payer_state is collected only for CA, US, JP, AU and IN (ignored, not validated, for
 * others); payer_phone_country_code is digits up to 10 characters with hyphens; payer_language is never rejected.
 * Values are kept under their wire names: they are what status responses and callbacks echo.
 */
import type { Merchant } from '../../domain/merchant.js';
import { FieldReader, MESSAGES, PATTERNS, isIp, type FieldRule } from '../fields.js';
import { optional, raw, readFields, required, type FieldSpec, type TextSpec } from '../form-spec.js';
import { SPEC_LANGUAGES, knownLanguage } from '../language-codes.js';

export const STATE_COUNTRIES = ['CA', 'US', 'JP', 'AU', 'IN'];
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
  return SPEC_LANGUAGES.find((l) => l.toLowerCase() === code) ?? 'en';
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

/**
 * The payer's fields as `needs` and the merchant's mapping (`mapped`: the fields it marks Required) ask. The
 * reference describes them with no mapping.
 */
export function payerFields(needs: PayerNeeds, mapped: ReadonlySet<string> = new Set()) {
  const text = (isRequired: boolean, rule: FieldRule, extra: Pick<TextSpec, 'check'> = {}) =>
    isRequired ? required(rule, extra) : optional(rule, extra);
  return {
    payer_first_name: text(needs.names, { max: 32 }),
    payer_last_name: text(needs.names, { max: 32 }),
    payer_middle_name: optional({ max: 32 }),
    payer_birth_date: optional({ pattern: PATTERNS.date }),
    payer_address: text(mapped.has('payer_address'), { max: 255 }),
    payer_address2: optional({ max: 255 }),
    payer_house_number: optional({ max: 9 }),
    payer_country: text(mapped.has('payer_country'), { pattern: PATTERNS.country }),
    payer_city: text(mapped.has('payer_city'), { max: 40 }),
    payer_district: optional({ max: 255 }),
    payer_zip: text(mapped.has('payer_zip'), { max: 10 }),
    payer_state: optional({ max: 32 }, { when: (r) => STATE_COUNTRIES.includes(r.payer_country as string) }),
    payer_email: text(needs.email, { max: 256, pattern: PATTERNS.email, patternMessage: MESSAGES.email }),
    payer_phone: text(needs.phone, { max: 32 }),
    payer_phone_country_code: optional({ pattern: PHONE_COUNTRY_CODE }),
    payer_ip: text(needs.ip, { max: 64 }, { check: (v) => (isIp(v) ? undefined : MESSAGES.ip) }),
    payer_language: raw(),
    payer_present: raw(),
  } satisfies Record<(typeof PAYER_FIELDS)[number] | 'payer_language' | 'payer_present', FieldSpec>;
}

export function readPayer(f: FieldReader, merchant: Merchant, needs: PayerNeeds): Payer {
  const v = readFields(f, payerFields(needs, new Set(merchant.requiredPayerFields)));
  const fields: Record<string, string> = {};
  for (const name of PAYER_FIELDS) if (v[name]) fields[name] = v[name];
  const language = typeof v.payer_language === 'string' ? payerLanguage(v.payer_language) : undefined;
  const present = typeof v.payer_present === 'string' ? v.payer_present : undefined;
  return { email: v.payer_email || undefined, fields, language, present };
}
