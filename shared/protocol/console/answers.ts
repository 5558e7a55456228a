/**
 * The console API's answers, each written once: the operations (shared/operations/console) and handlers
 * (functions/console) declare what they build with these types, the console's page (console/src) reads them with
 * `import type`, and scripts/openapi/console-answer-types.ts checks that the closed schemas of the API reference
 * (scripts/openapi/console-answers.ts) name the same fields. A field renamed here breaks all three at compile time.
 *
 * Types only, and no imports: the console's own typecheck follows this file and must not pull in server code. The
 * answers that copy a domain type (the merchant, a delivery attempt, an audit entry) are held to it by
 * test/unit/console/answer-mirrors.test.ts.
 */

/** Who a console user is: operator (every merchant), merchant-admin (its merchant), merchant-viewer (read only). */
export type ConsoleRoleName = 'operator' | 'merchant-admin' | 'merchant-viewer';

/** An amount in major units, as the protocol writes it ("10.00"). */
type Amount = string;
/** An ISO 8601 date-time. */
type Time = string;

// ---- Sign-in and session

/** The signed-in user (sign-in, GET /me). */
export interface ConsoleSessionUser {
  email: string;
  role: ConsoleRoleName;
  clientKey?: string;
  expiresAt: Time;
}

/** The next step of a sign-in Cognito asks for; MFA_SETUP carries the TOTP secret to enrol. */
export interface ConsoleSignInStep {
  challenge: 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA' | 'MFA_SETUP';
  pending: string;
  secret_code?: string;
}

/** POST /sign-in and /sign-in/challenge: signed in (the cookies are set), or the next step. */
export type ConsoleSignInAnswer = { user: ConsoleSessionUser } | ConsoleSignInStep;

/** GET /me: the session probe; signed out after the idle timeout, it says so. */
export type ConsoleMeAnswer =
  { signedIn: true; user: ConsoleSessionUser; csrfToken: string } | { signedIn: false; reason?: 'idle'; message?: string };

export interface ConsoleSignOutAnswer {
  signedOut: true;
}

// ---- Merchants, MIDs, wallets

/** A merchant's settings, never its password. */
export interface ConsoleMerchant {
  clientKey: string;
  name: string;
  notificationUrl?: string;
  hashAlgorithm: 'md5' | 'sha256';
  /** Which optional groups of fields the callbacks carry. */
  mappings: Record<string, boolean>;
  requiredPayerFields: string[];
  linkTarget?: string;
  termsCheckbox: boolean;
  hostedFieldsOrigins?: string[];
  checkoutFrameAncestors?: string[];
  hostedFieldsUpdateSignature?: boolean;
  methods?: string[];
  qrLifetimeSeconds?: number;
  apiIpAllowlist?: string[];
  defaultLanguage?: string;
  createdAt: Time;
}

/** A MID: never its sealed credentials (only that it has them); its connector settings to operators only. */
export interface ConsoleMid {
  midId: string;
  name: string;
  connector: string;
  paymentMode: 'SMS' | 'DMS' | 'SMS/DMS';
  descriptor: string;
  moto: boolean;
  zeroAmount: boolean;
  enabled: boolean;
  connectorSettings?: Record<string, string>;
  credentials?: 'sealed';
  /** In the merchant's settings: the MID's circuit (docs/routing.md "MID health"). */
  health?: ConsoleMidHealth;
  /** Amount limits, decimal text read in each payment's currency (docs/risk.md "Limits per MID"). */
  limits?: ConsoleMidLimits;
}

/** A MID's limits: per payment, and a daily volume per currency; an absent one does not apply. */
export interface ConsoleMidLimits {
  minAmount?: Amount;
  maxAmount?: Amount;
  dailyCap?: Amount;
}

export interface ConsoleMidLimitsAnswer {
  mid: ConsoleMid;
}

/** A MID's circuit breaker at the time of the answer: open MIDs are skipped by routing until reopensAt. */
export interface ConsoleMidHealth {
  state: 'closed' | 'open' | 'half-open';
  failures: number;
  openedAt?: Time;
  reopensAt?: Time;
  /** Half-open with a payment on trial: when that payment claimed the MID. */
  trialAt?: Time;
}

/** A wallet's settings: never its keys, only the public key's hash and the identity certificate's facts. */
export interface ConsoleWallet {
  wallet: 'applepay' | 'googlepay';
  environment: 'TEST' | 'PRODUCTION';
  merchantIdentifier?: string;
  country?: string;
  shopName?: string;
  merchantCapabilities?: string[];
  supportedNetworks?: string[];
  allowedAuthMethods?: string[];
  certificate?: { subject: string; validTo: string; fingerprint256: string };
  publicKeyHash: string;
  updatedAt: Time;
}

/** The values the settings and wallet forms offer: what the settings operations accept. */
export interface ConsoleChoices {
  requiredPayerFields: readonly string[];
  applepay: { merchantCapabilities: readonly string[]; supportedNetworks: readonly string[] };
  googlepay: { allowedAuthMethods: readonly string[]; supportedNetworks: readonly string[] };
  /** The Checkout methods the merchant's MIDs can take. */
  methods: string[];
  /** Operators: the connectors a new MID may use in this stage. */
  connectors?: string[];
}

export interface ConsoleMerchantsAnswer {
  merchants: ConsoleMerchant[];
}

export interface ConsoleMerchantAnswer {
  merchant: ConsoleMerchant;
  mids: ConsoleMid[];
  wallets: ConsoleWallet[];
  choices: ConsoleChoices;
}

/** The password is shown in this answer only. */
export interface ConsoleMerchantCreateAnswer {
  merchant: ConsoleMerchant;
  password: string;
}

export interface ConsoleMerchantSettingsAnswer {
  merchant: ConsoleMerchant;
}

export interface ConsoleMerchantPasswordAnswer {
  password: string;
}

/** The callback signing secret(s); `previous` signs too until `previousUntil`. */
export interface ConsoleSigningSecretAnswer {
  current: string;
  previous?: string;
  previousUntil?: Time;
  rotatedAt: Time;
}

/** A merchant API key as listed: never the key itself (docs/merchant-api.md "API keys"). */
export interface ConsoleApiKey {
  keyId: string;
  type: 'secret' | 'read_only';
  /** The prefix and the last four characters: "sk_test_…a1B2". */
  hint: string;
  createdAt: Time;
  createdBy: string;
  revokedAt?: Time;
  revokedBy?: string;
}

export interface ConsoleApiKeysAnswer {
  apiKeys: ConsoleApiKey[];
}

/** A new key: `key` is in this answer only. */
export interface ConsoleApiKeyCreateAnswer {
  apiKey: ConsoleApiKey;
  key: string;
}

export interface ConsoleApiKeyRevokeAnswer {
  apiKey: ConsoleApiKey;
}

export interface ConsoleMidCreateAnswer {
  mid: ConsoleMid;
}

/** A merchant's routing rules (docs/routing.md); version 0 and no rules when none were ever set. */
export interface ConsoleRoutingTable {
  version: number;
  maxAttempts: number;
  softDeclines?: string[];
  /** The MID health policy (docs/routing.md "MID health"). */
  health?: { failureThreshold?: number; windowSeconds?: number; cooldownSeconds?: number };
  rules: {
    name?: string;
    match: {
      brands?: string[];
      currencies?: string[];
      minAmount?: number;
      maxAmount?: number;
      moto?: boolean;
      threeDs?: boolean;
      integrations?: ('s2s-card' | 'checkout' | 'hosted-fields')[];
    };
    mids: { midId: string; weight: number }[];
  }[];
  updatedAt?: Time;
}

/** GET and PUT /merchants/{clientKey}/routing (operators). */
export interface ConsoleRoutingAnswer {
  routing: ConsoleRoutingTable;
}

// ---- Risk controls (docs/risk.md)

/** A blocklist entry; `scope` is PLATFORM (every merchant's payments) or the merchant's client key. */
export interface ConsoleRiskBlock {
  /** Names the entry for its removal. */
  id: string;
  scope: string;
  type: 'card' | 'bin' | 'email' | 'ip' | 'country';
  /** Normalised; a card's is its keyed fingerprint (never the number), `label` says which card. */
  value: string;
  reason?: string;
  /** A card's masked number and the payment that named it. */
  label?: string;
  createdAt: Time;
}

export interface ConsoleRiskBlocklistAnswer {
  entries: ConsoleRiskBlock[];
}

export interface ConsoleRiskBlockAddAnswer {
  entry: ConsoleRiskBlock;
}

export interface ConsoleRiskBlockRemoveAnswer {
  removed: string;
}

/** A merchant's risk rules, in order: the first that matches decides. */
export interface ConsoleRiskRulesAnswer {
  clientKey: string;
  rules: {
    name: string;
    match: {
      minAmount?: number;
      maxAmount?: number;
      currencies?: string[];
      brands?: string[];
      binCountries?: string[];
      payerCountries?: string[];
      payerCountryDiffersFromBin?: boolean;
      integrations?: ('s2s-card' | 's2s-apm' | 'checkout' | 'hosted-fields')[];
      moto?: boolean;
    };
    action: 'block' | 'challenge';
  }[];
  updatedAt?: Time;
}

/** The card-testing guard's, card velocity's and merchant-wide decline burst's thresholds (counts, durations in seconds). */
export interface ConsoleRiskThresholds {
  ipDeclinedCards: number;
  ipWindowSeconds: number;
  cooldownSeconds: number;
  cardAttempts: number;
  cardDeclines: number;
  cardWindowSeconds: number;
  burstDeclines: number;
  /** May be fractional: the burst is at least this many times the merchant's average per 10 minutes. */
  burstFactor: number;
  burstCooldownSeconds: number;
}

export interface ConsoleRiskSettingsAnswer {
  clientKey: string;
  /** What applies: the merchant's own values over the defaults. */
  thresholds: ConsoleRiskThresholds;
  /** The values set for this merchant. */
  overrides: Partial<ConsoleRiskThresholds>;
  defaults: ConsoleRiskThresholds;
}

export interface ConsoleWalletConfigureAnswer {
  wallet: ConsoleWallet;
}

// ---- Payments

/** What may be shown of a payment: never card data beyond the masked number. */
export interface ConsolePayment {
  transId: string;
  clientKey: string;
  protocol: 's2s-card' | 's2s-apm' | 'checkout';
  action: string;
  status: string;
  orderId: string;
  amount: Amount;
  currency: string;
  /** First 6 and last 4 digits. */
  card?: string;
  /** The MID that served the payment: every follow-up stays on it. */
  midId?: string;
  midName?: string;
  routingAttempts?: { midId: string; answer: string }[];
  declineReason?: string;
  /** The risk control that declined the payment before any acquirer, and why (the counter, the list entry). */
  risk?: { control: string; reason: string };
  recurringToken?: string;
  chargeback?: { amount: Amount; reasonCode: string; bankDate?: string };
  /** Acquirer outcomes that contradicted what was recorded (docs/reconciliation.md "Late outcomes"), oldest first. */
  lateOutcomes?: { event: string; amount: Amount; at: Time; handling: string; reversal?: string; acquirerRef?: string; note?: string }[];
  createdAt: Time;
  updatedAt: Time;
}

/** One line of a payment's timeline: a transaction, or a callback's delivery attempt (or where it stands). */
export interface ConsoleTimelineEntry {
  at: Time;
  kind: 'transaction' | 'callback' | 'acquirer';
  what: string;
  result: string;
  /** Callbacks: which one (for a replay) and its delivery state now. */
  seq?: number;
  eventId?: string;
  delivery?: string;
}

export interface ConsolePaymentsAnswer {
  payments: ConsolePayment[];
  cursor?: string;
}

export interface ConsolePaymentAnswer {
  payment: ConsolePayment;
  timeline: ConsoleTimelineEntry[];
}

/** Refund, void or capture from the console (a type, not an interface: it is stored as the idempotent answer's JSON). */
export type ConsolePaymentActionAnswer = {
  result: 'SUCCESS' | 'DECLINED' | 'REDIRECT' | 'UNDEFINED' | 'INIT';
  operation: string;
  declineReason?: string;
  payment: ConsolePayment;
};

// ---- Callbacks

/** One POST of a callback to the merchant. */
export interface ConsoleCallbackAttempt {
  eventId: string;
  transId: string;
  clientKey: string;
  seq: number;
  url: string;
  attempt: number;
  at: Time;
  latencyMs: number;
  outcome: 'DELIVERED' | 'FAILED';
  httpStatus?: number;
  error?: string;
  /** The X-Callback-Signature the attempt carried. */
  signature?: string;
}

/** A callback that gave up: retries spent, blocked behind a failed predecessor, or its URL paused. */
export interface ConsoleFailedCallback {
  transId: string;
  seq: number;
  eventId: string;
  action: string;
  status?: string;
  url: string;
  attempts: number;
  failedAt?: Time;
  failReason?: string;
  lastAttempt?: { at: Time; httpStatus?: number; error?: string };
  replays?: number;
}

/** A callback sent again; `was` its delivery state before. */
export interface ConsoleReplayed {
  transId: string;
  seq: number;
  eventId: string;
  was: 'PENDING' | 'HELD' | 'DELIVERED' | 'FAILED';
}

export interface ConsoleCallbacksAnswer {
  attempts: ConsoleCallbackAttempt[];
}

export interface ConsoleCallbacksFailedAnswer {
  callbacks: ConsoleFailedCallback[];
}

export interface ConsoleCallbacksReplayFailedAnswer {
  replayed: ConsoleReplayed[];
  deadLettersRemoved: number;
}

// ---- Chargebacks and reconciliation

export interface ConsoleChargebacksAnswer {
  payments: ConsolePayment[];
  cursor?: string;
}

/**
 * A chargeback opened (or found already recorded: `duplicate`, nothing changed); the ops event's own field names and
 * its answer too (a type, not an interface: the ops event answers it as a plain record).
 */
export type ConsoleChargebackOpenAnswer = {
  trans_id: string;
  status: string;
  amount: Amount;
  currency: string;
  reason_code: string;
  bank_date: string;
  duplicate: boolean;
};

/** A payment with a transaction the acquirer has not answered. */
export interface ConsoleUndetermined {
  since: Time;
  waiting: { type: string; date: Time; amount: Amount }[];
  payment: ConsolePayment;
}

export interface ConsoleReconciliationAnswer {
  graceSeconds: number;
  giveUpSeconds: number;
  payments: ConsoleUndetermined[];
}

export interface ConsoleReconciliationInquireAnswer {
  resolved: number;
  waiting: number;
  conflict: boolean;
  payment: ConsolePayment;
}

// ---- Schedules

export interface ConsoleSchedule {
  scheduleId: string;
  clientKey: string;
  name: string;
  /** "1 month", "2 weeks". */
  every: string;
  paymentsCount: number;
  paused: boolean;
  createdAt: Time;
  updatedAt: Time;
}

export interface ConsoleSubscription {
  scheduleId: string;
  recurringToken: string;
  initialTransId: string;
  orderId: string;
  amount: Amount;
  currency: string;
  nextRun: number;
  nextRunAt: Time;
  chargesMade: number;
  paused: boolean;
  state: 'active' | 'ended';
  endReason?: string;
  lastTransId?: string;
}

export interface ConsoleSchedulesAnswer {
  schedules: ConsoleSchedule[];
  cursor?: string;
}

export interface ConsoleScheduleAnswer {
  schedule: ConsoleSchedule;
  subscriptions: ConsoleSubscription[];
}

export interface ConsoleScheduleActionAnswer extends ConsoleScheduleAnswer {
  message: string;
}

export interface ConsoleSubscriptionActionAnswer {
  message: string;
  subscription: ConsoleSubscription;
}

// ---- Users, audit, dashboard

export interface ConsoleUser {
  email: string;
  role: ConsoleRoleName;
  clientKey?: string;
  invitedBy: string;
  createdAt: Time;
  disabled?: boolean;
}

export interface ConsoleUsersAnswer {
  users: ConsoleUser[];
}

export interface ConsoleUserInviteAnswer {
  email: string;
  role: ConsoleRoleName;
  clientKey?: string;
  /** Only where invitations are not emailed (local platform): the link to hand over, with the one-time password. */
  invitationLink?: string;
  /** Likewise: the one-time password alone (it is also in the link). */
  temporaryPassword?: string;
}

export interface ConsoleUserAccessAnswer {
  user: ConsoleUser;
}

/** One change made through the console: who, what, when, from where. */
export interface ConsoleAuditEntry {
  id: string;
  at: Time;
  actor: string;
  role: ConsoleRoleName;
  /** "payment.refund", "merchant.create" ... */
  action: string;
  clientKey?: string;
  target?: string;
  /** Non-secret details (amounts, changed field names). */
  details?: Record<string, string | number | boolean>;
  sourceIp: string;
  userAgent?: string;
}

export interface ConsoleAuditAnswer {
  entries: ConsoleAuditEntry[];
  cursor?: string;
}

/** One hour (24h) or day (30d) of the dashboard. */
export interface ConsoleBucket {
  start: Time;
  payments: number;
  approved: number;
  declined: number;
  undetermined: number;
  /** Neither approved, declined nor undetermined: waiting for the payer (3DS, redirect). */
  other: number;
  callbacksDelivered: number;
  callbacksFailed: number;
}

export interface ConsoleDashboardAnswer {
  range: '24h' | '30d';
  bucketSeconds: number;
  buckets: ConsoleBucket[];
}

// ---- Books (docs/ledger.md "Reports"): minor units of each row's currency

export interface ConsoleBalance {
  currency: string;
  payable: number;
  journals: number;
}

export interface ConsoleBalancesAnswer {
  clientKey: string;
  balances: ConsoleBalance[];
}

export interface ConsoleSettlement {
  id: string;
  date: string;
  currency: string;
  gross: number;
  refunds: number;
  chargebacks: number;
  chargebacks_reversed: number;
  payouts: number;
  fees: number;
  net: number;
  reserve_held: number;
  reserve_released: number;
  net_payable: number;
  journals: number;
  closed_at: string;
}

export interface ConsoleSettlementsAnswer {
  settlements: ConsoleSettlement[];
  cursor?: string;
}

export interface ConsoleSettlementAnswer {
  settlement: ConsoleSettlement;
}

export interface ConsolePlatformBooksAnswer {
  /** Per currency: the platform's fee revenue and what it owes all its merchants. */
  currencies: { currency: string; feeRevenue: number; payable: number; journals: number }[];
  /** Payables by merchant (merchants whose books have a journal). */
  merchants: { clientKey: string; name: string; balances: { currency: string; payable: number; fees: number; journals: number }[] }[];
}

/** Each console operation's answer by its OpenAPI operation id (scripts/openapi/console-answers.ts). */
export interface ConsoleAnswers {
  ConsoleSignIn: ConsoleSignInAnswer;
  ConsoleSignInChallenge: ConsoleSignInAnswer;
  ConsoleSignOut: ConsoleSignOutAnswer;
  ConsoleMe: ConsoleMeAnswer;
  ConsoleMerchants: ConsoleMerchantsAnswer;
  ConsoleMerchantCreate: ConsoleMerchantCreateAnswer;
  ConsoleMerchant: ConsoleMerchantAnswer;
  ConsoleMerchantSettings: ConsoleMerchantSettingsAnswer;
  ConsoleMerchantPassword: ConsoleMerchantPasswordAnswer;
  ConsoleMerchantSigningSecret: ConsoleSigningSecretAnswer;
  ConsoleApiKeys: ConsoleApiKeysAnswer;
  ConsoleApiKeyCreate: ConsoleApiKeyCreateAnswer;
  ConsoleApiKeyRevoke: ConsoleApiKeyRevokeAnswer;
  ConsoleMidCreate: ConsoleMidCreateAnswer;
  ConsoleRouting: ConsoleRoutingAnswer;
  ConsoleRoutingReplace: ConsoleRoutingAnswer;
  ConsoleMidLimits: ConsoleMidLimitsAnswer;
  ConsoleRiskBlocklist: ConsoleRiskBlocklistAnswer;
  ConsoleRiskBlockAdd: ConsoleRiskBlockAddAnswer;
  ConsoleRiskBlockRemove: ConsoleRiskBlockRemoveAnswer;
  ConsoleRiskRules: ConsoleRiskRulesAnswer;
  ConsoleRiskRulesReplace: ConsoleRiskRulesAnswer;
  ConsoleRiskSettings: ConsoleRiskSettingsAnswer;
  ConsoleRiskSettingsReplace: ConsoleRiskSettingsAnswer;
  ConsoleWalletConfigure: ConsoleWalletConfigureAnswer;
  ConsolePayments: ConsolePaymentsAnswer;
  ConsolePayment: ConsolePaymentAnswer;
  ConsolePaymentAction: ConsolePaymentActionAnswer;
  ConsoleCallbacks: ConsoleCallbacksAnswer;
  ConsoleCallbackReplay: ConsoleReplayed;
  ConsoleCallbacksFailed: ConsoleCallbacksFailedAnswer;
  ConsoleCallbacksReplayFailed: ConsoleCallbacksReplayFailedAnswer;
  ConsoleChargebacks: ConsoleChargebacksAnswer;
  ConsoleChargebackOpen: ConsoleChargebackOpenAnswer;
  ConsoleReconciliation: ConsoleReconciliationAnswer;
  ConsoleReconciliationInquire: ConsoleReconciliationInquireAnswer;
  ConsoleSchedules: ConsoleSchedulesAnswer;
  ConsoleSchedule: ConsoleScheduleAnswer;
  ConsoleScheduleAction: ConsoleScheduleActionAnswer;
  ConsoleSubscriptionAction: ConsoleSubscriptionActionAnswer;
  ConsoleUsers: ConsoleUsersAnswer;
  ConsoleUserInvite: ConsoleUserInviteAnswer;
  ConsoleUserAccess: ConsoleUserAccessAnswer;
  ConsoleAudit: ConsoleAuditAnswer;
  ConsoleDashboard: ConsoleDashboardAnswer;
  ConsoleBooksBalances: ConsoleBalancesAnswer;
  ConsoleBooksSettlements: ConsoleSettlementsAnswer;
  ConsoleBooksSettlement: ConsoleSettlementAnswer;
  ConsoleBooksPlatform: ConsolePlatformBooksAnswer;
}
