/**
 * The payment request an app builds: every field of POST /api/v1/session (docs/checkout.md), in camelCase.
 * Free-form objects (payee, parameters, customData, …) go to the platform exactly as given.
 */

export const OPERATIONS = ['purchase', 'debit', 'credit', 'transfer'] as const;
export type CheckoutOperation = (typeof OPERATIONS)[number];

export const URL_TARGETS = ['_blank', '_self', '_parent', '_top'] as const;
export type UrlTarget = (typeof URL_TARGETS)[number];

export interface Order {
  number: string;
  /** A string in the currency's format: "10.00" for USD, "1000" for ISK, "1.000" for KWD. */
  amount: string;
  currency: string;
  /** 2–1024 characters. Optional, as in the spec; the SDK sends "Order <number>" when it is left out. */
  description?: string;
}

export interface Customer {
  name?: string;
  email?: string;
  /** yyyy-mm-dd */
  birthDate?: string;
}

export interface BillingAddress {
  country?: string;
  state?: string;
  city?: string;
  district?: string;
  address?: string;
  houseNumber?: string;
  zip?: string;
  phone?: string;
  phoneCountryCode?: string;
  /** The page's language: en, de, fr, sp, ar, ru …; unknown codes show English. */
  language?: string;
}

export type FreeForm = Record<string, unknown>;

export interface PaymentRequest {
  operation: CheckoutOperation;
  /** The page returns here after a payment (settled, or held with `auth`). */
  successUrl: string;
  /** … after a decline or when the payer cancels. */
  cancelUrl: string;
  /**
   * … when the outcome is undetermined. The three may be the same page: the web-view controller then reports
   * `returned` and the app asks `checkStatus` (it would anyway before shipping).
   */
  errorUrl: string;
  /** … when the session expired. */
  expiryUrl?: string;
  order: Order;
  customer?: Customer;
  billingAddress?: BillingAddress;
  methods?: string[];
  channelId?: string;
  /** Minutes, 1–720 (default 60). */
  sessionExpiry?: number;
  urlTarget?: UrlTarget;
  reqToken?: boolean;
  cardToken?: string[];
  recurringInit?: boolean;
  scheduleId?: string;
  scheduleStartDate?: string;
  paymentScheduleAmount?: string;
  vatCalc?: boolean;
  /** Purchase only: hold the funds for a later capture. */
  auth?: boolean;
  payee?: FreeForm;
  payeeBillingAddress?: FreeForm;
  crypto?: FreeForm;
  parameters?: FreeForm;
  customData?: FreeForm;
}

/** The session body on the wire (snake_case), without merchant_key and hash. */
export type SessionFields = Record<string, unknown> & { order: Order };

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Renames the fields the protocol defines; free-form objects keep their keys. Undefined values are dropped. */
function renamed(source: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) if (value !== undefined) out[snake(key)] = value;
  return out;
}

/** The description the platform needs (2–1024 characters) when the app gave none: the same in the session and the return hash. */
export const orderWithDescription = (order: Order): Order & { description: string } => ({
  ...order,
  description: order.description ?? `Order ${order.number}`,
});

export function toSessionFields(request: PaymentRequest): SessionFields {
  const { order, customer, billingAddress, ...rest } = request;
  const fields = renamed(rest);
  fields.order = renamed(orderWithDescription(order));
  if (customer) fields.customer = renamed(customer);
  if (billingAddress) fields.billing_address = renamed(billingAddress);
  return fields as SessionFields;
}

/** snake_case wire path → the SDK's name for it ("billing_address.house_number" → "billingAddress.houseNumber"). */
export const sdkFieldName = (wirePath: string) => wirePath.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
