/**
 * The declarative shape of one alternative payment method (a `brand` of S2S APM): everything the platform knows about
 * it — its actions, currencies, request rules, flow, what the Checkout page asks the payer, and the provider serving
 * it. Validation (rules.ts), the catalogue (`npm run admin -- brands list`), the docs table (scripts/admin/brands-table.ts) and the
 * Checkout page's method list are all read from these, so nothing about a brand is written twice. One file per brand
 * under ./brands/.
 */

/**
 * How the outcome reaches the payment:
 *   direct          the SALE answer is final (SUCCESS/SETTLED or DECLINED)
 *   redirect        REDIRECT to the provider's page; the outcome arrives later by the provider's notification
 *   qr              REDIRECT to a page with a QR code of the payment reference; expires unpaid
 *   bank-window     transfer instructions; declined without the provider's confirmation within the window
 *   crypto-address  SUCCESS/PENDING with an address to pay to; the provider's confirmation settles it
 *   payout          money to the payer (CREDIT2VIRTUAL / CREDIT2CRYPTO)
 */
export type ApmFlow = 'direct' | 'redirect' | 'qr' | 'bank-window' | 'crypto-address' | 'payout';

/** AUTH is SALE with auth=Y (a two-stage APM payment). */
export type ApmAction = 'SALE' | 'AUTH' | 'CREDIT2VIRTUAL' | 'CREDIT2CRYPTO' | 'DEBIT2VIRTUAL';

export interface FieldSpec {
  /**
   * required: absent is an error. optional: checked when sent. conditional: the spec names cases where it is needed;
   * `when` says which this platform enforces (none: checked when sent, like optional).
   */
  presence: 'required' | 'optional' | 'conditional';
  /** Conditional fields: required when the payer's country (payer_country) is one of these. */
  when?: { payerCountry: readonly string[] };
  /** exact: "should have exactly N characters"; min/max in characters. */
  length?: { exact?: number; min?: number; max?: number };
  /** A pattern the whole value must match; message when it does not (default "This value is not valid."). */
  pattern?: RegExp;
  patternMessage?: string;
  /** A stricter pattern when the payer's country (payer_country) is one of these keys. */
  countryPattern?: Readonly<Record<string, RegExp>>;
  /** Only these values (case-sensitive, as the spec lists them). */
  oneOf?: readonly string[];
  /** A decimal number (digits with an optional fraction); `maxDigits` counts integer digits. */
  number?: { maxDigits?: number; integer?: boolean };
  /** datetime: ISO 8601 in UTC ("2024-01-31T12:00:00Z"); currency: an ISO 4217 code; base64: base64 content. */
  format?: 'datetime-utc' | 'currency' | 'base64' | 'swift';
  /** Must equal the payer's full name (payer_first_name payer_last_name), as the provider checks it. */
  equalsPayerName?: boolean;
  /**
   * The form the provider gets (and the platform keeps) of a value the rules accepted in any of its allowed spellings
   * (a CUIL with or without hyphens → its 11 digits).
   */
  normalize?: (value: string) => string;
  /** A list of groups (parameters[x][0][type]=…), each with these fields. */
  items?: Readonly<Record<string, FieldSpec>>;
  /** One line for the docs: what the value is. */
  doc?: string;
}

export interface BrandDescriptor {
  brand: string;
  /** The spec's name for the method group ("Voucher method"). */
  group: string;
  /** The method's name as the payer knows it (the Checkout page's tab); the brand string when absent. */
  label?: string;
  flow: ApmFlow;
  /** Name of the APM provider serving it (shared/adapters/connectors/registry.ts). */
  provider: string;
  actions: readonly ApmAction[];
  /**
   * Whether the method can hold the payer's funds for a later CAPTURE, and why (one line, for the next engineer and
   * the docs). Every method taking SALE says. `AUTH` in `actions` is the decision: with it, auth=Y and a SALE that only
   * a DMS MID takes are held PENDING; without it, auth=Y is 204004 and a merchant with only DMS MIDs cannot take the
   * method (204002), since a payment that cannot be held cannot be two-stage (docs/s2s-apm.md "Two-stage methods").
   */
  hold?: string;
  /** ISO 4217 codes accepted; absent: any. */
  currencies?: readonly string[];
  identifier: 'required' | 'optional';
  /** parameters[...] rules. Parameters not named here go to the provider unchecked. */
  parameters: Readonly<Record<string, FieldSpec>>;
  /** Extra rules on top-level request fields (bank_transfer needs the payer's names). */
  request?: Readonly<Record<string, FieldSpec>>;
  /** payer_first_name and payer_last_name together (without the space between) at most this long. */
  payerNameMax?: number;
  /**
   * parameters the payer is asked for on the method's page when the request lacks them: never required on S2S, so
   * an S2S request without them is accepted.
   */
  collect?: readonly string[];
  /** Pairs that are used only together: when one is missing, both are dropped (never an error). */
  together?: readonly (readonly [string, string])[];
  /**
   * Offered on the Checkout page (purchases in one of its currencies). The page asks the payer for the parameters
   * the session's `parameters[brand]` lacks (shared/protocol/apm/page-fields.ts) and continues to the flow; only direct,
   * redirect, qr and bank-window methods whose fields a payer can type say so.
   */
  checkoutPage?: boolean;
  /** Anything the merchant should know, for the docs table. */
  note?: string;
}

/** Identity function that type-checks a descriptor file; brand files mark the call pure (esbuild), so a bundle whose kept code never reads the catalogue drops the descriptors. */
export const defineBrand = (d: BrandDescriptor): BrandDescriptor => d;
