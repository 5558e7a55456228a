/**
 * The console API's answers (docs/console.md), written from what its operations return (shared/operations/console)
 * and checked against real answers: test/integration/platform/openapi-console.test.ts calls every console operation
 * on a local platform and validates each answer against these schemas, which are closed (additionalProperties:
 * false) wherever the shape is the console's own, so a new field fails there until it is described here.
 */
type Schema = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const str = { type: 'string' };
const int = { type: 'integer' };
const bool = { type: 'boolean' };
const time = { type: 'string', format: 'date-time' };
const amount = { type: 'string', pattern: '^\\d+(\\.\\d+)?$', description: 'Major units, as the protocol writes them ("10.00").' };
const arrayOf = (items: Schema) => ({ type: 'array', items });

/** A closed object: `required` are always sent, the other properties only when they have a value. */
function obj(required: Record<string, Schema>, optional: Record<string, Schema> = {}, description?: string): Schema {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    required: Object.keys(required),
    additionalProperties: false,
    properties: { ...required, ...optional },
  };
}

const ROLE = { enum: ['operator', 'merchant-admin', 'merchant-viewer'] };
const user = obj({ email: str, role: ROLE, expiresAt: time }, { clientKey: str });

const merchant: Schema = {
  type: 'object',
  description: "The merchant's settings, never its password (docs/console.md lists them).",
  required: ['clientKey', 'name', 'hashAlgorithm', 'mappings', 'requiredPayerFields', 'termsCheckbox', 'createdAt'],
  additionalProperties: false,
  properties: {
    clientKey: str,
    name: str,
    notificationUrl: { type: 'string', format: 'uri' },
    hashAlgorithm: { enum: ['md5', 'sha256'] },
    mappings: { type: 'object', description: 'Which optional groups of fields the callbacks carry.', additionalProperties: bool },
    requiredPayerFields: arrayOf(str),
    linkTarget: str,
    termsCheckbox: bool,
    hostedFieldsOrigins: arrayOf(str),
    checkoutFrameAncestors: arrayOf(str),
    hostedFieldsUpdateSignature: bool,
    methods: arrayOf(str),
    qrLifetimeSeconds: int,
    apiIpAllowlist: arrayOf(str),
    defaultLanguage: str,
    createdAt: time,
  },
};

const mid: Schema = {
  type: 'object',
  description: 'A MID: never its sealed credentials; the connector settings to operators only.',
  required: ['midId', 'name', 'connector', 'paymentMode', 'descriptor', 'moto', 'zeroAmount', 'enabled'],
  additionalProperties: false,
  properties: {
    midId: str,
    name: str,
    connector: str,
    paymentMode: { enum: ['SMS', 'DMS', 'SMS/DMS'] },
    descriptor: str,
    moto: bool,
    zeroAmount: bool,
    enabled: bool,
    connectorSettings: { type: 'object', additionalProperties: str },
    credentials: { const: 'sealed' },
    health: obj(
      { state: { enum: ['closed', 'open', 'half-open'] }, failures: int },
      { openedAt: time, reopensAt: time, trialAt: time },
      'The MID\'s circuit (docs/routing.md "MID health"), in the merchant\'s settings.',
    ),
    limits: obj(
      {},
      { minAmount: amount, maxAmount: amount, dailyCap: amount },
      'Per payment and per day and currency, in each payment\'s currency (docs/risk.md "Limits per MID").',
    ),
  },
};

const wallet = obj(
  { wallet: { enum: ['applepay', 'googlepay'] }, environment: { enum: ['TEST', 'PRODUCTION'] }, publicKeyHash: str, updatedAt: time },
  {
    merchantIdentifier: str,
    country: str,
    shopName: str,
    merchantCapabilities: arrayOf(str),
    supportedNetworks: arrayOf(str),
    allowedAuthMethods: arrayOf(str),
    certificate: obj(
      { subject: str, validTo: str, fingerprint256: str },
      {},
      'The merchant identity certificate (Apple Pay); its key is never shown.',
    ),
  },
);

const payment = obj(
  {
    transId: str,
    clientKey: str,
    protocol: { enum: ['s2s-card', 's2s-apm', 'checkout'] },
    action: str,
    status: str,
    orderId: str,
    amount,
    currency: str,
    createdAt: time,
    updatedAt: time,
  },
  {
    card: { type: 'string', description: 'Masked: first 6 and last 4 digits.' },
    midId: { type: 'string', description: 'The MID that served the payment; every follow-up stays on it (docs/routing.md).' },
    midName: str,
    routingAttempts: arrayOf(obj({ midId: str, answer: str })),
    declineReason: str,
    risk: obj({ control: str, reason: str }),
    recurringToken: str,
    chargeback: obj({ amount, reasonCode: str }, { bankDate: str }),
    lateOutcomes: arrayOf(
      obj(
        { event: str, amount, at: time, handling: { enum: ['reverse', 'technical-cancel', 'flag'] } },
        { reversal: { enum: ['sending', 'received', 'refused', 'no-answer', 'done', 'failed'] }, acquirerRef: str, note: str },
        'An acquirer outcome that contradicted what was recorded, and what the platform did (docs/reconciliation.md "Late outcomes").',
      ),
    ),
  },
);

const timelineEntry = obj(
  { at: time, kind: { enum: ['transaction', 'callback', 'acquirer'] }, what: str, result: str },
  { seq: int, eventId: str, delivery: str },
);

const attempt = obj(
  {
    eventId: str,
    transId: str,
    clientKey: str,
    seq: int,
    url: str,
    attempt: int,
    at: time,
    latencyMs: int,
    outcome: { enum: ['DELIVERED', 'FAILED'] },
  },
  { httpStatus: int, error: str, signature: str },
);

const apiKey = obj(
  { keyId: str, type: { enum: ['secret', 'read_only'] }, hint: str, createdAt: time, createdBy: str },
  { revokedAt: time, revokedBy: str },
);

const failedCallback = obj(
  { transId: str, seq: int, eventId: str, action: str, url: str, attempts: int },
  { status: str, failedAt: time, failReason: str, lastAttempt: obj({ at: time }, { httpStatus: int, error: str }), replays: int },
  'A callback that gave up: retries spent, blocked behind a failed predecessor, or its URL paused.',
);

const replayed = obj(
  { transId: str, seq: int, eventId: str, was: { enum: ['PENDING', 'HELD', 'DELIVERED', 'FAILED'] } },
  {},
  'A callback queued again; `was`: its delivery state before.',
);

const schedule = obj({
  scheduleId: str,
  clientKey: str,
  name: str,
  every: { type: 'string', examples: ['1 month'] },
  paymentsCount: int,
  paused: bool,
  createdAt: time,
  updatedAt: time,
});

const subscription = obj(
  {
    scheduleId: str,
    recurringToken: str,
    initialTransId: str,
    orderId: str,
    amount,
    currency: str,
    nextRun: int,
    nextRunAt: time,
    chargesMade: int,
    paused: bool,
    state: { enum: ['active', 'ended'] },
  },
  { endReason: str, lastTransId: str },
);

const consoleUser = obj({ email: str, role: ROLE, invitedBy: str, createdAt: time }, { clientKey: str, disabled: bool });

const auditEntry = obj(
  { id: str, at: time, actor: str, role: ROLE, action: { type: 'string', examples: ['payment.refund'] }, sourceIp: str },
  { target: str, clientKey: str, details: { type: 'object', additionalProperties: true }, userAgent: str },
);

const routingMid = obj({ midId: str, weight: { type: 'integer', minimum: 0, maximum: 100 } });
const routingRule = obj(
  {
    match: obj(
      {},
      {
        brands: arrayOf(str),
        currencies: arrayOf(str),
        minAmount: int,
        maxAmount: int,
        moto: bool,
        threeDs: bool,
        integrations: arrayOf({ enum: ['s2s-card', 'checkout', 'hosted-fields'] }),
      },
    ),
    mids: arrayOf(routingMid),
  },
  { name: str },
);
const routing = obj(
  {
    version: {
      type: 'integer',
      minimum: 0,
      description: 'Bumped by each write; 0: no rules were ever set. A replace names the version it was edited from.',
    },
    maxAttempts: int,
    rules: arrayOf(routingRule),
  },
  {
    softDeclines: arrayOf(str),
    health: obj(
      {},
      { failureThreshold: int, windowSeconds: int, cooldownSeconds: int },
      'MID health policy (docs/routing.md "MID health"); the defaults where absent.',
    ),
    updatedAt: time,
  },
  "A merchant's routing rules (docs/routing.md).",
);

const riskBlock = obj(
  {
    id: str,
    scope: { type: 'string', description: "PLATFORM (every merchant) or the merchant's client key." },
    type: { enum: ['card', 'bin', 'email', 'ip', 'country'] },
    value: { type: 'string', description: "Normalised; a card's is its keyed fingerprint, never its number." },
    createdAt: time,
  },
  { reason: str, label: { type: 'string', description: "A card's masked number and the payment that named it." } },
  'A blocklist entry (docs/risk.md "Blocklists").',
);
const countries = arrayOf(str);
const riskRules = obj(
  {
    clientKey: str,
    rules: arrayOf(
      obj({
        name: str,
        match: obj(
          {},
          {
            minAmount: int,
            maxAmount: int,
            currencies: arrayOf(str),
            brands: arrayOf(str),
            binCountries: countries,
            payerCountries: countries,
            payerCountryDiffersFromBin: bool,
            integrations: arrayOf({ enum: ['s2s-card', 's2s-apm', 'checkout', 'hosted-fields'] }),
            moto: bool,
          },
        ),
        action: { enum: ['block', 'challenge'] },
      }),
    ),
  },
  { updatedAt: time },
  'A merchant\'s risk rules, in order (docs/risk.md "Rules per merchant").',
);
const thresholdFields = {
  ipDeclinedCards: int,
  ipWindowSeconds: int,
  cooldownSeconds: int,
  cardAttempts: int,
  cardDeclines: int,
  cardWindowSeconds: int,
  burstDeclines: int,
  burstFactor: { type: 'number' },
  burstCooldownSeconds: int,
};
const thresholds = obj(thresholdFields);
const riskSettings = obj(
  { clientKey: str, thresholds, overrides: obj({}, thresholdFields, 'The values set for this merchant.'), defaults: thresholds },
  {},
  'A merchant\'s risk thresholds (docs/risk.md "Tuning a merchant"): what applies, what it set, the defaults.',
);

const minor = { type: 'integer', description: 'Minor units of the currency (cents, whole yen, fils).' };
const settlement = obj(
  {
    id: str,
    date: str,
    currency: str,
    gross: minor,
    refunds: minor,
    chargebacks: minor,
    chargebacks_reversed: minor,
    payouts: minor,
    fees: minor,
    net: minor,
    reserve_held: minor,
    reserve_released: minor,
    net_payable: minor,
    journals: int,
    closed_at: time,
  },
  {},
  'A closed settlement batch: net = gross − refunds − chargebacks + chargebacks_reversed − payouts − fees (docs/ledger.md).',
);
const bucket = obj({
  start: time,
  payments: int,
  approved: int,
  declined: int,
  undetermined: int,
  other: int,
  callbacksDelivered: int,
  callbacksFailed: int,
});

export const CONSOLE_SCHEMAS: Record<string, Schema> = {
  ConsoleUser: consoleUser,
  ConsoleMerchant: merchant,
  ConsoleMid: mid,
  ConsoleWallet: wallet,
  ConsolePayment: payment,
  ConsoleSettlement: settlement,
  ConsoleTimelineEntry: timelineEntry,
  ConsoleCallbackAttempt: attempt,
  ConsoleSchedule: schedule,
  ConsoleSubscription: subscription,
  ConsoleAuditEntry: auditEntry,
  ConsoleRouting: routing,
};

const cursor = { type: 'string', description: 'Pass back as ?cursor= for the next page; absent on the last page.' };

/** The answer of each console operation, by route id, with its success status. */
export const CONSOLE_ANSWERS: Record<string, { status: number; schema: Schema }> = {
  ConsoleSignIn: {
    status: 200,
    schema: {
      oneOf: [
        obj({ user }, {}, 'Signed in: the session cookies are set.'),
        obj(
          { challenge: { enum: ['NEW_PASSWORD_REQUIRED', 'SOFTWARE_TOKEN_MFA', 'MFA_SETUP'] }, pending: str },
          { secret_code: { type: 'string', description: 'MFA_SETUP: the TOTP secret to enrol.' } },
          'The next step of the sign-in.',
        ),
      ],
    },
  },
  ConsoleSignInChallenge: {
    status: 200,
    schema: {
      oneOf: [
        obj({ user }),
        obj({ challenge: { enum: ['NEW_PASSWORD_REQUIRED', 'SOFTWARE_TOKEN_MFA', 'MFA_SETUP'] }, pending: str }, { secret_code: str }),
      ],
    },
  },
  ConsoleSignOut: { status: 200, schema: obj({ signedOut: { const: true } }) },
  ConsoleMe: {
    status: 200,
    schema: {
      oneOf: [
        obj({ signedIn: { const: true }, user, csrfToken: str }),
        obj({ signedIn: { const: false } }, { reason: { const: 'idle' }, message: str }, 'Signed out; after the idle timeout it says so.'),
      ],
    },
  },
  ConsoleMerchants: { status: 200, schema: obj({ merchants: arrayOf(ref('ConsoleMerchant')) }) },
  ConsoleMerchantCreate: {
    status: 201,
    schema: obj({ merchant: ref('ConsoleMerchant'), password: { type: 'string', description: 'Shown once.' } }),
  },
  ConsoleMerchant: {
    status: 200,
    schema: obj({
      merchant: ref('ConsoleMerchant'),
      mids: arrayOf(ref('ConsoleMid')),
      wallets: arrayOf(ref('ConsoleWallet')),
      choices: obj(
        {
          requiredPayerFields: arrayOf(str),
          applepay: obj({ merchantCapabilities: arrayOf(str), supportedNetworks: arrayOf(str) }),
          googlepay: obj({ allowedAuthMethods: arrayOf(str), supportedNetworks: arrayOf(str) }),
          methods: arrayOf(str),
        },
        { connectors: arrayOf(str) },
        'The values the settings and wallet forms offer: what the settings operations accept (connectors: operators only).',
      ),
    }),
  },
  ConsoleMerchantSettings: { status: 200, schema: obj({ merchant: ref('ConsoleMerchant') }) },
  ConsoleMerchantPassword: { status: 200, schema: obj({ password: { type: 'string', description: 'The new password, shown once.' } }) },
  ConsoleMerchantSigningSecret: {
    status: 200,
    schema: obj({ current: { type: 'string', pattern: '^cbs_[0-9a-f]{64}$' }, rotatedAt: time }, { previous: str, previousUntil: time }),
  },
  ConsoleApiKeys: { status: 200, schema: obj({ apiKeys: arrayOf(apiKey) }) },
  ConsoleApiKeyCreate: {
    status: 201,
    schema: obj({
      apiKey,
      key: { type: 'string', pattern: '^(sk|rk)_(live|test)_[A-Za-z0-9_-]{43}$', description: 'The key, shown in this answer only.' },
    }),
  },
  ConsoleApiKeyRevoke: { status: 200, schema: obj({ apiKey }) },
  ConsoleMidCreate: { status: 201, schema: obj({ mid: ref('ConsoleMid') }) },
  ConsoleRouting: { status: 200, schema: obj({ routing: ref('ConsoleRouting') }) },
  ConsoleRoutingReplace: { status: 200, schema: obj({ routing: ref('ConsoleRouting') }) },
  ConsoleMidLimits: { status: 200, schema: obj({ mid: ref('ConsoleMid') }) },
  ConsoleRiskBlocklist: { status: 200, schema: obj({ entries: arrayOf(riskBlock) }) },
  ConsoleRiskBlockAdd: { status: 201, schema: obj({ entry: riskBlock }) },
  ConsoleRiskBlockRemove: { status: 200, schema: obj({ removed: str }) },
  ConsoleRiskRules: { status: 200, schema: riskRules },
  ConsoleRiskRulesReplace: { status: 200, schema: riskRules },
  ConsoleRiskSettings: { status: 200, schema: riskSettings },
  ConsoleRiskSettingsReplace: { status: 200, schema: riskSettings },
  ConsoleWalletConfigure: { status: 200, schema: obj({ wallet: ref('ConsoleWallet') }) },
  ConsolePayments: { status: 200, schema: obj({ payments: arrayOf(ref('ConsolePayment')) }, { cursor }) },
  ConsolePayment: { status: 200, schema: obj({ payment: ref('ConsolePayment'), timeline: arrayOf(ref('ConsoleTimelineEntry')) }) },
  ConsolePaymentAction: {
    status: 200,
    schema: obj(
      {
        result: { enum: ['SUCCESS', 'DECLINED', 'REDIRECT', 'UNDEFINED', 'INIT'] },
        operation: { enum: ['REFUND', 'VOID', 'CAPTURE'] },
        payment: ref('ConsolePayment'),
      },
      { declineReason: str },
    ),
  },
  ConsoleCallbacks: { status: 200, schema: obj({ attempts: arrayOf(ref('ConsoleCallbackAttempt')) }) },
  ConsoleCallbackReplay: { status: 200, schema: replayed },
  ConsoleCallbacksFailed: {
    status: 200,
    schema: obj({ callbacks: arrayOf(failedCallback) }),
  },
  ConsoleCallbacksReplayFailed: { status: 200, schema: obj({ replayed: arrayOf(replayed), deadLettersRemoved: int }) },
  ConsoleChargebacks: { status: 200, schema: obj({ payments: arrayOf(ref('ConsolePayment')) }, { cursor }) },
  ConsoleChargebackOpen: {
    status: 201,
    schema: obj({
      trans_id: str,
      status: { const: 'CHARGEBACK' },
      amount,
      currency: str,
      reason_code: str,
      bank_date: str,
      duplicate: { type: 'boolean', description: 'true: this chargeback was already recorded; nothing changed.' },
    }),
  },
  ConsoleReconciliation: {
    status: 200,
    schema: obj({
      graceSeconds: int,
      giveUpSeconds: int,
      payments: arrayOf(
        obj(
          { since: time, waiting: arrayOf(obj({ type: str, date: time, amount })), payment: ref('ConsolePayment') },
          {},
          'A payment with a transaction the acquirer has not answered.',
        ),
      ),
    }),
  },
  ConsoleReconciliationInquire: {
    status: 200,
    schema: obj({ resolved: int, waiting: int, conflict: bool, payment: ref('ConsolePayment') }),
  },
  ConsoleSchedules: { status: 200, schema: obj({ schedules: arrayOf(ref('ConsoleSchedule')) }, { cursor }) },
  ConsoleSchedule: { status: 200, schema: obj({ schedule: ref('ConsoleSchedule'), subscriptions: arrayOf(ref('ConsoleSubscription')) }) },
  ConsoleScheduleAction: {
    status: 200,
    schema: obj({ message: str, schedule: ref('ConsoleSchedule'), subscriptions: arrayOf(ref('ConsoleSubscription')) }),
  },
  ConsoleSubscriptionAction: { status: 200, schema: obj({ message: str, subscription: ref('ConsoleSubscription') }) },
  ConsoleUsers: { status: 200, schema: obj({ users: arrayOf(ref('ConsoleUser')) }) },
  ConsoleUserInvite: {
    status: 201,
    schema: obj(
      { email: str, role: ROLE },
      {
        clientKey: str,
        invitationLink: { type: 'string', description: 'Local stages only: deployed stages e-mail it.' },
        temporaryPassword: { type: 'string', description: 'Local stages only.' },
      },
    ),
  },
  ConsoleUserAccess: { status: 200, schema: obj({ user: ref('ConsoleUser') }) },
  ConsoleAudit: { status: 200, schema: obj({ entries: arrayOf(ref('ConsoleAuditEntry')) }, { cursor }) },
  ConsoleDashboard: { status: 200, schema: obj({ range: { enum: ['24h', '30d'] }, bucketSeconds: int, buckets: arrayOf(bucket) }) },
  ConsoleBooksBalances: {
    status: 200,
    schema: obj({ clientKey: str, balances: arrayOf(obj({ currency: str, payable: minor, journals: int })) }),
  },
  ConsoleBooksSettlements: { status: 200, schema: obj({ settlements: arrayOf(ref('ConsoleSettlement')) }, { cursor }) },
  ConsoleBooksSettlement: { status: 200, schema: obj({ settlement: ref('ConsoleSettlement') }) },
  ConsoleBooksPlatform: {
    status: 200,
    schema: obj({
      currencies: arrayOf(
        obj(
          { currency: str, feeRevenue: minor, payable: minor, journals: int },
          {},
          "The platform's fee revenue and what it owes its merchants, per currency.",
        ),
      ),
      merchants: arrayOf(
        obj({ clientKey: str, name: str, balances: arrayOf(obj({ currency: str, payable: minor, fees: minor, journals: int })) }),
      ),
    }),
  },
};
