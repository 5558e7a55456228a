/** Merchants and their MIDs (merchant IDs at an acquirer, reached through a connector). */
import type { RoutingTable } from './routing.js';
import type { MidHealth } from './mid-health.js';
import type { HashAlgorithm } from '../protocol/signature.js';

export type PaymentMode = 'SMS' | 'DMS' | 'SMS/DMS';

export interface Mid {
  midId: string;
  name: string;
  /** 6.7.0: SMS/DMS is the default; MIDs stored before the mode existed have none (read with paymentModeOf). */
  paymentMode: PaymentMode;
  moto: boolean;
  zeroAmount: boolean;
  connector: string;
  /** The connector's settings for this MID that are not secret (docs/connectors.md; e.g. the upstream's URL). */
  connectorSettings?: Record<string, string>;
  /** The MID's credentials at its acquirer (JSON), sealed with the merchant-secrets key (ports/connector.ts). */
  credentialsSealed?: string;
  enabled: boolean;
  descriptor: string;
  /** Amount limits per payment and a daily volume cap, each applied in the payment's currency (docs/risk.md "Limits per MID"). */
  limits?: MidLimits;
}

/**
 * Decimal text ("5000.00"), read in each payment's currency: a MID takes many currencies, and 1.00 is 100 minor units
 * of EUR but 1 of JPY. The check turns it into the payment's minor units with string arithmetic, never a float.
 */
export interface MidLimits {
  minAmount?: string;
  maxAmount?: string;
  /** Volume per UTC day and currency (the day by the merchant's clock, so the sandbox test clock moves it). */
  dailyCap?: string;
}

/** 6.7.0 migration rule: "Merchants without an explicit mode migrate to SMS/DMS" — a MID stored without one is SMS/DMS. */
export function paymentModeOf(mid: Pick<Mid, 'paymentMode'>): PaymentMode {
  return (mid.paymentMode as PaymentMode | undefined) ?? 'SMS/DMS';
}

/** Per-merchant callback field groups (spec "Events"); COF and payer attributes default off. */
export interface CallbackMappings {
  identity: boolean;
  recurring: boolean;
  cardOnFile: boolean;
  threeDs: boolean;
  browser: boolean;
  payer: boolean;
  rrnArn: boolean;
  extendedData: boolean;
  redirectExtras: boolean;
}

export const DEFAULT_MAPPINGS: CallbackMappings = {
  identity: true,
  recurring: true,
  cardOnFile: false,
  threeDs: true,
  browser: true,
  payer: false,
  rrnArn: true,
  extendedData: false,
  redirectExtras: false,
};

export type LinkTarget = '_blank' | '_self' | '_parent' | '_top';

export interface Merchant {
  clientKey: string;
  name: string;
  /** The merchant PASSWORD, only ever used inside hashes. Decrypted in memory; stored sealed with KMS. */
  password: string;
  notificationUrl?: string;
  hashAlgorithm: HashAlgorithm;
  mappings: CallbackMappings;
  /** Payer fields the merchant's protocol mapping marks Required (default: none). */
  requiredPayerFields: string[];
  linkTarget?: LinkTarget;
  termsCheckbox: boolean;
  /**
   * Page origins allowed to embed the hosted payment fields (e.g. https://shop.example). Empty or absent: any
   * origin holding a session token (the token is the credential); set it to keep the card fields off other sites.
   */
  hostedFieldsOrigins?: string[];
  /**
   * Origins whose pages may show the platform's payer pages (Checkout page, 3DS page, APM method page) in a frame,
   * for embedded checkouts. Empty or absent: no page may frame them (CSP frame-ancestors 'none').
   */
  checkoutFrameAncestors?: string[];
  /**
   * Hosted fields' stricter mode: PUT /api/v1/session/update must also carry a `hash` only the merchant backend can
   * make (docs/hosted-fields.md), so the session Token alone cannot change the amount. Default off (the protocol).
   */
  hostedFieldsUpdateSignature?: boolean;
  /** Payment methods the merchant offers on the Checkout page (card, vcard, ...). Absent: every method the platform has. */
  methods?: string[];
  /** How long an instant-payment QR (S2S APM brand ips) may be paid. Absent: the platform's APM_QR_LIFETIME_SECONDS (1 minute). */
  qrLifetimeSeconds?: number;
  /**
   * Source IPs (CIDR blocks, v4 or v6) the merchant's API calls may come from. Absent or empty: any. A call from
   * elsewhere is answered exactly like a wrong hash (shared/operations/auth/authenticate.ts).
   */
  apiIpAllowlist?: string[];
  /**
   * The protocol mapping's default page language (lowercased spec code, e.g. "de", "zh-tw"): used when a payment
   * names no language of its own, before the browser's Accept-Language (shared/pages/i18n.ts).
   */
  defaultLanguage?: string;
  createdAt: string;
}

export interface MerchantConfig {
  merchant: Merchant;
  mids: Mid[];
  /** The merchant's routing rules (docs/routing.md); absent: routing by mode, MOTO and zero amount only. */
  routing?: RoutingTable;
  /** MID health by MID id (docs/routing.md "MID health"), read by the same Query; a MID without an entry is closed. */
  midHealth?: Record<string, MidHealth>;
}
