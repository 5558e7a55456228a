/**
 * The fields S2S APM payment requests share (SALE, DEBIT2VIRTUAL, DEBIT2VIRTUAL_CALC, CREDIT2VIRTUAL): brand,
 * identifier, order, payer (same 6.7.0 rules as S2S CARD: payer_state only for CA/US/JP/AU/IN,
 * payer_phone_country_code digits and hyphens up to 10, payer_language never rejected), return_url, callback_url,
 * custom_data and the brand's parameters[...]. Every problem is collected and reported together.
 */
import type { PaymentDetails } from '../../domain/payment.js';
import type { Merchant } from '../../domain/merchant.js';
import type { FormValue } from '../form.js';
import { FieldReader, MESSAGES, isHttpUrl } from '../fields.js';
import { formSpec, object, optional, raw, readFields, required, type FormSpec } from '../form-spec.js';
import { ORDER_FIELDS, readOrder, TERM_URL_TARGET, type Order } from '../s2s-card/card-payment.js';
import { payerFields, readPayer, type Payer } from '../s2s-card/payer.js';
import { fieldsToAsk } from '../apm/page-fields.js';
import { readBrandFields, type BrandDescriptor } from './brands.js';
import { brandDescriptor } from '../apm/catalogue.js';
import { checkPublicUrl, type AddressPolicy } from '../../lib/net/public-url.js';

export interface ApmPaymentFields {
  brand: string;
  /** undefined: no such brand (reported as 204004 once the request is authenticated). */
  descriptor?: BrandDescriptor;
  identifier?: string;
  order: Order;
  /** order_amount and order_currency exactly as sent: they go into the hash byte for byte. */
  wire: { orderAmount: string; orderCurrency: string };
  payer: Payer;
  returnUrl?: string;
  returnUrlTarget?: string;
  callbackUrl?: string;
  channelId?: string;
  customData?: FormValue;
  parameters?: Record<string, FormValue>;
}

const httpUrl = (v: string) => (isHttpUrl(v) ? undefined : MESSAGES.url);

/** callback_url: an http(s) URL the platform may POST to (no private, loopback or metadata address: SSRF guard). */
const publicUrl = (policy: AddressPolicy) => (v: string) => {
  const checked = checkPublicUrl(v, policy);
  return checked.ok ? undefined : isHttpUrl(v) ? `This URL is not allowed: ${checked.reason}.` : MESSAGES.url;
};

export interface ApmPaymentOptions {
  /** return_url is required (SALE, DEBIT2VIRTUAL, DEBIT2VIRTUAL_CALC). */
  returnUrl: boolean;
  /** The brand asks for an identifier (its descriptor): decided once brand is read. */
  identifierRequired?: boolean;
  /** Where callbacks may go; without it (the reference) callback_url's address is not checked. */
  callbackAddresses?: AddressPolicy;
}

const BRAND = { brand: required({ max: 36 }) };
const identifierField = (isRequired: boolean) => ({ identifier: isRequired ? required({ max: 255 }) : optional({ max: 255 }) });
/** The S2S CARD "Required" payer mapping belongs to that protocol; APM payer fields are optional except payer_ip. */
const APM_PAYER = { names: false, email: false, phone: false, ip: true };

/** What follows the payer. */
function apmTailFields(opts: ApmPaymentOptions) {
  const policy = opts.callbackAddresses;
  return {
    return_url: opts.returnUrl ? required({ max: 1024 }, { check: httpUrl }) : optional({ max: 1024 }, { check: httpUrl }),
    return_url_target: optional({ pattern: TERM_URL_TARGET }),
    // Overrides the notification URL for every callback of this payment (protocol.md §4, §7).
    callback_url: optional({ max: 255 }, policy ? { check: publicUrl(policy) } : {}),
    channel_id: optional({ max: 16 }),
    custom_data: raw(),
  };
}

const PARAMETERS = { parameters: object() };
const HASH = { hash: required() };

/**
 * An S2S APM payment request as declared, in the order it is validated; the brand's own fields and parameters are
 * its descriptor's (brands.ts), checked after these.
 */
export function apmPaymentFields(opts: ApmPaymentOptions): FormSpec {
  return formSpec(
    BRAND,
    identifierField(!!opts.identifierRequired),
    ORDER_FIELDS,
    payerFields(APM_PAYER),
    apmTailFields(opts),
    PARAMETERS,
    HASH,
  );
}

/** A form value as sent text; a group (order_amount[x]=1) has none (its field error is already recorded). */
const textOf = (v: unknown): string => (typeof v === 'string' ? v : '');

export function readApmPayment(
  f: FieldReader,
  merchant: Merchant,
  opts: { returnUrl: boolean; callbackAddresses: AddressPolicy },
): ApmPaymentFields {
  const { brand } = readFields(f, BRAND);
  const descriptor = brand ? brandDescriptor(brand) : undefined;
  const { identifier } = readFields(f, identifierField(descriptor?.identifier === 'required'));
  // The order's amount is checked with the order, before the payer.
  const order = readOrder(f);
  const payer = readPayer(f, { ...merchant, requiredPayerFields: [] }, APM_PAYER);
  const tail = readFields(f, apmTailFields(opts));
  const parameters = readBrandFields(f, descriptor, order.currency);
  readFields(f, HASH);
  const { return_url: returnUrl, return_url_target: returnUrlTarget, callback_url: callback, channel_id: channelId } = tail;
  const customData = tail.custom_data;
  return {
    brand,
    descriptor,
    identifier: identifier || undefined,
    order,
    wire: { orderAmount: textOf(f.raw('order_amount')), orderCurrency: textOf(f.raw('order_currency')) },
    payer,
    returnUrl,
    returnUrlTarget,
    callbackUrl: callback,
    channelId,
    customData: customData === '' ? undefined : customData,
    parameters,
  };
}

/** The descriptor's page-collected parameters the request did not send. */
function missingOnPage(a: ApmPaymentFields): string[] {
  if (!a.descriptor) return [];
  const collect = a.descriptor.collect ?? [];
  // As the Checkout page asks: a field needed only in some countries is asked of payers from those (UPI: India).
  return fieldsToAsk(a.descriptor, a.parameters, a.payer.fields.payer_country?.toUpperCase()).filter((n) => collect.includes(n));
}

/** What goes to payment.details: echoed by status responses, callbacks and the redirect page. Never parameters[...]. */
export function apmDetails(a: ApmPaymentFields, merchant: Merchant): PaymentDetails {
  return {
    brand: a.brand,
    ...(a.identifier ? { identifier: a.identifier } : {}),
    payer: a.payer.fields,
    ...(a.customData !== undefined ? { customData: a.customData } : {}),
    ...(a.payer.language ? { payerLanguage: a.payer.language } : {}),
    ...(a.returnUrl ? { returnUrl: a.returnUrl, returnUrlTarget: merchant.linkTarget ?? a.returnUrlTarget ?? '_top' } : {}),
    ...(a.callbackUrl ? { callbackUrl: a.callbackUrl } : {}),
    ...(a.channelId ? { channelId: a.channelId } : {}),
    // Names only (parameters are never stored): what the method's page must still ask the payer.
    ...(missingOnPage(a).length ? { collectOnPage: missingOnPage(a) } : {}),
  };
}

/** A follow-up's request (CAPTURE, VOID, CREDITVOID, GET_TRANS_STATUS, DEBIT2VIRTUAL_COMPLETE). */
export const TRANS_ID_REQUEST = { trans_id: required({ max: 64 }), hash: required() };

/** CAPTURE / CREDITVOID: a partial amount, as sent (parsed once the payment's currency is known). */
export const AMOUNT_FIELD = { amount: optional() };
