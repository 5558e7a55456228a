/**
 * parameters[...] and the per-action extras of S2S CARD, validated with field-named errors
 * ("parameters[cart][items][0][name]: This value is too long. ..."). Nested values use bracket notation;
 * a dotted key (parameters[shipping.street1]) is read the same as parameters[shipping][street1].
 */
import type { FormObject, FormValue } from '../form.js';
import { FieldReader, MESSAGES, type FieldRule } from '../fields.js';
import { object, raw, readFields, type RawSpec } from '../form-spec.js';

const TWO_DIGITS = /^\d{2}$/;
const str = (max: number): FieldRule => ({ max });

/** Set 4 (shipping, cart, marketplace): maximum lengths and enumerations per path; `*` is a list index. */
export const SET4_RULES: Record<string, FieldRule | 'boolean'> = {
  ...Object.fromEntries(['street1', 'street2', 'houseNumber1', 'houseNumber2', 'warehouse'].map((k) => [`shipping.${k}`, str(100)])),
  'shipping.city': str(80),
  'shipping.state': str(50),
  'shipping.postcode': str(16),
  'shipping.country': { max: 2, pattern: /^[A-Z]{2}$/ },
  'shipping.method': str(30),
  'shipping.cost': str(16),
  'shipping.comment': str(160),
  'shipping.expectedDate': str(10),
  ...Object.fromEntries(['logisticsProvider', 'trackingNumber', 'normalized', 'validationStatus'].map((k) => [`shipping.${k}`, str(255)])),
  'shipping.preference': str(21),
  'shipping.middleName': str(50),
  'shipping.companyName': str(60),
  ...Object.fromEntries(['phone', 'workPhone', 'mobile'].map((k) => [`shipping.${k}`, str(25)])),
  'shipping.email': str(128),
  'shipping.type': { oneOf: ['return', 'shipment'] },
  ...Object.fromEntries(
    [
      'name',
      'merchantItemId',
      'type',
      'sku',
      'originalPrice',
      'giftMessage',
      'shippingMethod',
      'shippingInstructions',
      'shippingTrackingNumber',
      'productUrl',
      'imageUrl',
      'sellerId',
    ].map((k) => [`cart.items.*.${k}`, str(255)]),
  ),
  'cart.items.*.quantity': str(5),
  'cart.items.*.currency': str(3),
  'cart.items.*.description': str(2048),
  'cart.items.*.commodityCode': str(8),
  'cart.items.*.commodityDescription': str(50),
  ...Object.fromEntries(
    ['price', 'totalAmount', 'taxAmount', 'totalTaxAmount', 'tax', 'taxCategory', 'discount'].map((k) => [`cart.items.*.${k}`, str(13)]),
  ),
  'cart.items.*.shipping': str(12),
  'cart.items.*.quantityUnit': { oneOf: ['M', 'CM', 'KG', 'G', 'COUNT'] },
  'cart.items.*.totalDiscountAmount': str(12),
  ...Object.fromEntries(['productCode', 'partNumber', 'vatReferenceNumber'].map((k) => [`cart.items.*.${k}`, str(30)])),
  'cart.items.*.itemNumber': str(3),
  'cart.items.*.deliveryDate': str(10),
  'cart.items.*.recipient.salutation': str(5),
  'cart.items.*.recipient.firstName': str(48),
  'cart.items.*.recipient.lastName': str(48),
  'cart.items.*.recipient.middleName': str(50),
  ...Object.fromEntries(['apartment', 'street', 'address'].map((k) => [`cart.items.*.recipient.${k}`, str(100)])),
  'cart.items.*.recipient.city': str(80),
  'cart.items.*.recipient.state': str(50),
  'cart.items.*.recipient.postcode': str(16),
  'cart.items.*.recipient.country': str(5),
  'cart.items.*.recipient.phone': str(25),
  'cart.items.*.recipient.email': str(128),
  'cart.payments.*.name': str(255),
  'cart.payments.*.brand': str(255),
  'cart.payments.*.type': { oneOf: ['GIFTCARD', 'PROMOTION'] },
  'cart.payments.*.status': { oneOf: ['pending', 'authorized', 'captured'] },
  'cart.payments.*.amount': str(12),
  'cart.payments.*.currency': str(3),
  'cart.payments.*.primary': 'boolean',
  'marketPlace.sellers.*.id': str(255),
  'marketPlace.sellers.*.amount': str(13),
};

const SET4_ROOTS = new Set(['shipping', 'cart', 'marketPlace']);

/** Leaves of a nested value as [path segments, value]; dotted keys split into segments. */
function leaves(value: FormValue, path: string[] = []): Array<[string[], FormValue]> {
  if (typeof value === 'string') return [[path, value]];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return entries.flatMap(([k, v]) => leaves(v, [...path, ...k.split('.')]));
}

const wireName = (segments: string[]) => `parameters${segments.map((s) => `[${s}]`).join('')}`;

/** Checks a string value against a rule, reporting under `field`. */
function check(
  f: FieldReader,
  field: string,
  value: FormValue | undefined,
  rule: FieldRule | 'boolean',
  required = false,
): string | undefined {
  if (value === undefined || value === '') {
    if (required) f.fail(field, MESSAGES.blank);
    return undefined;
  }
  if (typeof value !== 'string') return (f.fail(field, MESSAGES.invalid), undefined);
  if (rule === 'boolean') return ['true', 'false', '1', '0'].includes(value) ? value : (f.fail(field, MESSAGES.invalid), undefined);
  const one = new FieldReader({ v: value });
  one.optional('v', rule);
  for (const e of one.errors) f.fail(field, e.message);
  return one.errors.length ? undefined : value;
}

/** A set of fields that are all required as soon as one of them is sent. */
function allOrNone(f: FieldReader, params: FormObject, names: string[], rules: Record<string, FieldRule> = {}): void {
  if (!names.some((n) => params[n] !== undefined && params[n] !== '')) return;
  for (const n of names) check(f, wireName([n]), params[n], rules[n] ?? {}, true);
}

/** parameters[...]: a group, its sets checked by the rules of this file. */
export const PARAMETERS = { parameters: object() };

/** Card SALE parameter sets 1–4. Returns the parameters object as sent (for the connector) when valid. */
export function readSaleParameters(f: FieldReader): FormObject | undefined {
  const { parameters: params } = readFields(f, PARAMETERS);
  if (!params) return undefined;
  // Set 1: installments, numeric, zero-padded to two digits.
  allOrNone(f, params, ['bnrg_installm_def', 'bnrg_installm_months', 'bnrg_installm_plan'], {
    bnrg_installm_def: { pattern: TWO_DIGITS },
    bnrg_installm_months: { pattern: TWO_DIGITS },
    bnrg_installm_plan: { oneOf: ['03', '05', '07'] },
  });
  // Set 2: tax identity.
  allOrNone(f, params, ['document_type', 'document_number', 'social_name', 'fiscal_country'], {
    fiscal_country: { pattern: /^[A-Z]{2}$/ },
  });
  // Set 3: shipping and phone, optional.
  for (const n of ['customer_phone', 'customer_telnocc', 'shipping_street1', 'shipping_city', 'shipping_state'])
    check(f, wireName([n]), params[n], { max: 255 });
  check(f, wireName(['shipping_postcode']), params.shipping_postcode, { pattern: /^\d{1,9}$/ });
  check(f, wireName(['shipping_country']), params.shipping_country, { pattern: /^[A-Z]{3}$/ });
  // Set 4: shipping, cart and marketplace detail with their maximum lengths.
  for (const [segments, value] of leaves(params)) {
    if (!SET4_ROOTS.has(segments[0]!)) continue;
    const pattern = segments.map((s) => (/^\d+$/.test(s) ? '*' : s)).join('.');
    const rule = SET4_RULES[pattern];
    if (rule) check(f, wireName(segments), value, rule);
  }
  return params;
}

export const IDENTITY_TYPES = ['1', '2', '3', '4', '5', '6', '7', '8'];
export const PAYER_TYPES = ['0', '1', '2', '3'];

const SENDER = [
  'payer_identity_type',
  'payer_identity_id',
  'payer_identity_country',
  'payer_identity_exp_date',
  'payer_nationality',
  'payer_country_of_birth',
];
const RECEIVER_IDENTITY = [
  'payee_identity_type',
  'payee_identity_id',
  'payee_identity_country',
  'payee_identity_exp_date',
  'payee_nationality',
  'payee_country_of_birth',
];
const RECEIVER = [
  'payee_first_name',
  'payee_last_name',
  'payee_middle_name',
  'payee_address',
  'payee_city',
  'payee_state',
  'payee_country',
  'payee_zip',
  'payee_phone',
  'payee_birth_date',
  ...RECEIVER_IDENTITY,
];

/**
 * Extras, as the reference describes them: each may be sent as a top-level field or inside parameters[...], so each
 * is read as sent and checked by readExtras (errors name it where it was sent).
 */
function extrasFields(names: string[]): Record<string, RawSpec> {
  return Object.fromEntries(['parameters', ...names].map((n) => [n, raw()]));
}

/** The group an extra may be sent in, if it is one. */
function parametersGroup(f: FieldReader): FormObject {
  const { parameters } = readFields(f, { parameters: raw() });
  return (parameters && typeof parameters === 'object' ? parameters : {}) as FormObject;
}

/** Returns the values found, by name. */
function readExtras(
  f: FieldReader,
  names: string[],
  rules: Record<string, FieldRule> = {},
  required: string[] = [],
): Record<string, string> {
  const params = parametersGroup(f);
  const top = readFields(f, extrasFields(names));
  const out: Record<string, string> = {};
  for (const name of names) {
    const inParams = params[name] !== undefined && params[name] !== '';
    const value = check(
      f,
      inParams ? wireName([name]) : name,
      inParams ? params[name] : top[name],
      rules[name] ?? { max: 255 },
      required.includes(name),
    );
    if (value !== undefined) out[name] = value;
  }
  return out;
}

export const DEBIT_EXTRAS = extrasFields([...SENDER, ...RECEIVER]);

/** DEBIT: optional sender and receiver details. */
export function readDebitExtras(f: FieldReader): Record<string, string> {
  return readExtras(f, [...SENDER, ...RECEIVER], {
    payer_identity_type: { oneOf: IDENTITY_TYPES },
    payee_identity_type: { oneOf: IDENTITY_TYPES },
  });
}

const CARD2CARD_NAMES = ['payer_identity_type', 'payer_identity_id', 'payer_type'];
export const CARD2CARD_EXTRAS = extrasFields(CARD2CARD_NAMES);

/** CARD2CARD: identity type 1–8 and payer type 0–3. */
export function readCard2CardExtras(f: FieldReader): Record<string, string> {
  return readExtras(f, CARD2CARD_NAMES, {
    payer_identity_type: { oneOf: IDENTITY_TYPES },
    payer_type: { oneOf: PAYER_TYPES },
  });
}

const CREDIT2CARD_SET1 = ['payer_account_number', ...SENDER, ...RECEIVER_IDENTITY];
export const CREDIT2CARD_EXTRAS = extrasFields([...CREDIT2CARD_SET1, 'card_exp_month', 'card_exp_year', 'expiry']);

/**
 * CREDIT2CARD sets: 1 (payer_account_number required once any set-1 field is sent, plus identity details),
 * 2 (card_exp_month 2 digits + card_exp_year 4 digits) and 3 (expiry MM/YYYY). Returns the values and the
 * card expiry they give, if any.
 */
export function readCredit2CardExtras(f: FieldReader): { extras: Record<string, string>; expiry?: { expMonth: string; expYear: string } } {
  const params = parametersGroup(f);
  const top = readFields(f, CREDIT2CARD_EXTRAS);
  const sent = (n: string) => (params[n] !== undefined && params[n] !== '') || (top[n] !== undefined && top[n] !== '');
  const set1Names = CREDIT2CARD_SET1;
  const set1 = readExtras(
    f,
    set1Names,
    { payer_identity_type: { oneOf: IDENTITY_TYPES }, payee_identity_type: { oneOf: IDENTITY_TYPES } },
    set1Names.some(sent) ? ['payer_account_number'] : [],
  );
  const set2Names = ['card_exp_month', 'card_exp_year'];
  const set2 = readExtras(
    f,
    set2Names,
    { card_exp_month: { pattern: /^(0[1-9]|1[0-2])$/ }, card_exp_year: { pattern: /^\d{4}$/ } },
    set2Names.some(sent) ? set2Names : [],
  );
  const set3 = readExtras(f, ['expiry'], { expiry: { pattern: /^(0[1-9]|1[0-2])\/\d{4}$/ } });
  const expiry =
    set2.card_exp_month && set2.card_exp_year
      ? { expMonth: set2.card_exp_month, expYear: set2.card_exp_year }
      : set3.expiry
        ? { expMonth: set3.expiry.slice(0, 2), expYear: set3.expiry.slice(3) }
        : undefined;
  return { extras: { ...set1, ...set3 }, expiry };
}
