/** Merchants, MIDs, wallets, API keys and routing rules (docs/console.md "Merchants"). */
import { z } from 'zod';
import { amount, bool, int, str, time } from './kit.js';

/** A merchant's settings, never its password. */
export const ConsoleMerchant = z
  .strictObject({
    clientKey: str,
    name: str,
    notificationUrl: z.string().meta({ format: 'uri' }).optional(),
    hashAlgorithm: z.enum(['md5', 'sha256']),
    mappings: z.record(z.string(), bool).meta({ description: 'Which optional groups of fields the callbacks carry.' }),
    requiredPayerFields: z.array(str),
    linkTarget: str.optional(),
    termsCheckbox: bool,
    hostedFieldsOrigins: z.array(str).optional(),
    checkoutFrameAncestors: z.array(str).optional(),
    hostedFieldsUpdateSignature: bool.optional(),
    methods: z.array(str).optional(),
    qrLifetimeSeconds: int.optional(),
    apiIpAllowlist: z.array(str).optional(),
    defaultLanguage: str.optional(),
    createdAt: time,
  })
  .meta({ id: 'ConsoleMerchant', description: "The merchant's settings, never its password (docs/console.md lists them)." });

/** A MID's circuit breaker at the time of the answer: open MIDs are skipped by routing until reopensAt. */
export const ConsoleMidHealth = z
  .strictObject({
    state: z.enum(['closed', 'open', 'half-open']),
    failures: int,
    openedAt: time.optional(),
    reopensAt: time.optional(),
    /** Half-open with a payment on trial: when that payment claimed the MID. */
    trialAt: time.optional(),
  })
  .meta({ description: 'The MID\'s circuit (docs/routing.md "MID health"), in the merchant\'s settings.' });

/** A MID's limits: per payment, and a daily volume per currency; an absent one does not apply. */
export const ConsoleMidLimits = z
  .strictObject({ minAmount: amount.optional(), maxAmount: amount.optional(), dailyCap: amount.optional() })
  .meta({ description: 'Per payment and per day and currency, in each payment\'s currency (docs/risk.md "Limits per MID").' });

/** A MID: never its sealed credentials (only that it has them); its connector settings to operators only. */
export const ConsoleMid = z
  .strictObject({
    midId: str,
    name: str,
    connector: str,
    paymentMode: z.enum(['SMS', 'DMS', 'SMS/DMS']),
    descriptor: str,
    moto: bool,
    zeroAmount: bool,
    enabled: bool,
    connectorSettings: z.record(z.string(), str).optional(),
    credentials: z.literal('sealed').optional(),
    health: ConsoleMidHealth.optional(),
    limits: ConsoleMidLimits.optional(),
  })
  .meta({ id: 'ConsoleMid', description: 'A MID: never its sealed credentials; the connector settings to operators only.' });

/** A wallet's settings: never its keys, only the public key's hash and the identity certificate's facts. */
export const ConsoleWallet = z
  .strictObject({
    wallet: z.enum(['applepay', 'googlepay']),
    environment: z.enum(['TEST', 'PRODUCTION']),
    publicKeyHash: str,
    updatedAt: time,
    merchantIdentifier: str.optional(),
    country: str.optional(),
    shopName: str.optional(),
    merchantCapabilities: z.array(str).optional(),
    supportedNetworks: z.array(str).optional(),
    allowedAuthMethods: z.array(str).optional(),
    certificate: z
      .strictObject({ subject: str, validTo: str, fingerprint256: str })
      .meta({ description: 'The merchant identity certificate (Apple Pay); its key is never shown.' })
      .optional(),
  })
  .meta({ id: 'ConsoleWallet' });

/** The values the settings and wallet forms offer: what the settings operations accept. */
export const ConsoleChoices = z
  .strictObject({
    requiredPayerFields: z.array(str),
    applepay: z.strictObject({ merchantCapabilities: z.array(str), supportedNetworks: z.array(str) }),
    googlepay: z.strictObject({ allowedAuthMethods: z.array(str), supportedNetworks: z.array(str) }),
    /** The Checkout methods the merchant's MIDs can take. */
    methods: z.array(str),
    /** Operators: the connectors a new MID may use in this stage. */
    connectors: z.array(str).optional(),
  })
  .meta({
    description: 'The values the settings and wallet forms offer: what the settings operations accept (connectors: operators only).',
  });

export const ConsoleMerchantsAnswer = z.strictObject({ merchants: z.array(ConsoleMerchant) });

export const ConsoleMerchantAnswer = z.strictObject({
  merchant: ConsoleMerchant,
  mids: z.array(ConsoleMid),
  wallets: z.array(ConsoleWallet),
  choices: ConsoleChoices,
});

/** The password is shown in this answer only. */
export const ConsoleMerchantCreateAnswer = z.strictObject({
  merchant: ConsoleMerchant,
  password: str.meta({ description: 'Shown once.' }),
});

export const ConsoleMerchantSettingsAnswer = z.strictObject({ merchant: ConsoleMerchant });

export const ConsoleMerchantPasswordAnswer = z.strictObject({ password: str.meta({ description: 'The new password, shown once.' }) });

/** The callback signing secret(s); `previous` signs too until `previousUntil`. */
export const ConsoleSigningSecretAnswer = z.strictObject({
  current: z.string().regex(/^cbs_[0-9a-f]{64}$/),
  rotatedAt: time,
  previous: str.optional(),
  previousUntil: time.optional(),
});

/** A merchant API key as listed: never the key itself (docs/merchant-api.md "API keys"). */
export const ConsoleApiKey = z.strictObject({
  keyId: str,
  type: z.enum(['secret', 'read_only']),
  /** The prefix and the last four characters: "sk_test_…a1B2". */
  hint: str,
  createdAt: time,
  createdBy: str,
  revokedAt: time.optional(),
  revokedBy: str.optional(),
});

export const ConsoleApiKeysAnswer = z.strictObject({ apiKeys: z.array(ConsoleApiKey) });

/** A new key: `key` is in this answer only. */
export const ConsoleApiKeyCreateAnswer = z.strictObject({
  apiKey: ConsoleApiKey,
  key: z
    .string()
    .regex(/^(sk|rk)_(live|test)_[A-Za-z0-9_-]{43}$/)
    .meta({ description: 'The key, shown in this answer only.' }),
});

export const ConsoleApiKeyRevokeAnswer = z.strictObject({ apiKey: ConsoleApiKey });

export const ConsoleMidCreateAnswer = z.strictObject({ mid: ConsoleMid });

export const ConsoleMidLimitsAnswer = z.strictObject({ mid: ConsoleMid });

const routingRule = z.strictObject({
  match: z.strictObject({
    brands: z.array(str).optional(),
    currencies: z.array(str).optional(),
    minAmount: int.optional(),
    maxAmount: int.optional(),
    moto: bool.optional(),
    threeDs: bool.optional(),
    integrations: z.array(z.enum(['s2s-card', 'checkout', 'hosted-fields'])).optional(),
  }),
  mids: z.array(z.strictObject({ midId: str, weight: z.int().min(0).max(100) })),
  name: str.optional(),
});

/** A merchant's routing rules (docs/routing.md); version 0 and no rules when none were ever set. */
export const ConsoleRoutingTable = z
  .strictObject({
    version: z
      .int()
      .min(0)
      .meta({ description: 'Bumped by each write; 0: no rules were ever set. A replace names the version it was edited from.' }),
    maxAttempts: int,
    rules: z.array(routingRule),
    softDeclines: z.array(str).optional(),
    health: z
      .strictObject({ failureThreshold: int.optional(), windowSeconds: int.optional(), cooldownSeconds: int.optional() })
      .meta({ description: 'MID health policy (docs/routing.md "MID health"); the defaults where absent.' })
      .optional(),
    updatedAt: time.optional(),
  })
  .meta({ id: 'ConsoleRouting', description: "A merchant's routing rules (docs/routing.md)." });

/** GET and PUT /merchants/{clientKey}/routing (operators). */
export const ConsoleRoutingAnswer = z.strictObject({ routing: ConsoleRoutingTable });

export const ConsoleWalletConfigureAnswer = z.strictObject({ wallet: ConsoleWallet });
