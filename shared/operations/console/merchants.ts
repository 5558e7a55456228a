/**
 * Merchants in the console: the list (operators: all; merchants' users: their own), one merchant's settings, keys
 * and MIDs, and changes to them — each through the admin operations the CLI uses (operations/admin/merchants.ts).
 * The password is shown once, when created or rotated; the callback signing secret on request, audited.
 * A MID's connector settings are shown to operators only, and its sealed credentials to nobody (only that it has
 * them). Operators add MIDs with a connector of the stage's kind and its credentials (a live stage: upstream, adyen or checkout-com).
 */
import { randomBytes } from 'node:crypto';
import * as z from '../../lib/zod-mini.js';
import { ValidationError } from '../../domain/errors.js';
import type { Merchant, Mid } from '../../domain/merchant.js';
import { checkNotificationUrl, createMerchant, createMid, merchantSettings, REQUIRABLE_PAYER_FIELDS } from '../admin/merchants.js';
import { acceptableMethods } from '../checkout/methods.js';
import { allBrands } from '../../protocol/apm/catalogue.js';
import { midConnectorChoices, providersReachedBy } from '../../domain/stage-kind.js';
import type { StageKind } from '../../lib/config.js';
import { APPLE_CAPABILITIES, APPLE_NETWORKS, GOOGLE_AUTH_METHODS, GOOGLE_NETWORKS } from '../../lib/wallets/profile.js';
import { showWalletSettings } from '../wallets/configure.js';
import { onMerchantClock } from '../clock/merchant-clocks.js';
import { midHealthView, type MidHealthView } from '../../domain/mid-health.js';
import type { Deps } from '../deps.js';
import type { WithCallbacks } from '../callbacks/context.js';
import type {
  ConsoleMerchant,
  ConsoleMerchantAnswer,
  ConsoleMerchantCreateAnswer,
  ConsoleMerchantPasswordAnswer,
  ConsoleSigningSecretAnswer,
} from '../../protocol/console/answers.js';
import type { ConsoleContext } from './console-deps.js';
import { audit, audited } from './audit.js';
import { ConsoleNotFoundError } from './errors.js';
import { changeMerchant, isOperator, operatorOnly, readMerchant, type Principal } from './roles.js';

export type MerchantView = ConsoleMerchant;

function view(m: Merchant): MerchantView {
  const { password: _password, ...rest } = m;
  // The mappings as a plain record (the answer's type); the same keys, in the same order.
  return { ...rest, mappings: { ...rest.mappings } };
}

function parse<T>(schema: z.ZodMiniType<T>, body: unknown): T {
  const r = schema.safeParse(body);
  if (!r.success) throw new ValidationError(r.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message })));
  return r.data;
}

async function load(cx: ConsoleContext<Pick<Deps, 'merchants'>>, clientKey: string) {
  const config = await cx.d.merchants.get(clientKey);
  if (!config) throw new ConsoleNotFoundError('Merchant not found.');
  return config;
}

export async function listMerchants(cx: ConsoleContext<Pick<Deps, 'merchants'>>, p: Principal): Promise<MerchantView[]> {
  if (isOperator(p)) return (await cx.d.merchants.list()).map(view);
  return p.clientKey ? [view((await load(cx, p.clientKey)).merchant)] : [];
}

/**
 * A MID as the console shows it: never the sealed credentials; the connector's settings to operators only; in the
 * merchant's settings, its health (docs/routing.md "MID health") to everyone who sees the MID.
 */
export type MidView = Omit<Mid, 'credentialsSealed' | 'connectorSettings'> & {
  connectorSettings?: Record<string, string>;
  credentials?: 'sealed';
  health?: MidHealthView;
};

export function midView(mid: Mid, p: Principal): MidView {
  const { credentialsSealed, connectorSettings, ...rest } = mid;
  if (!isOperator(p)) return rest;
  return { ...rest, ...(connectorSettings ? { connectorSettings } : {}), ...(credentialsSealed ? { credentials: 'sealed' as const } : {}) };
}

export async function showMerchant(
  cx: ConsoleContext<Pick<Deps, 'config' | 'merchants' | 'clock' | 'walletConfigs'>>,
  p: Principal,
  clientKey: string,
): Promise<ConsoleMerchantAnswer> {
  readMerchant(p, clientKey);
  const { merchant, mids, midHealth } = await load(cx, clientKey);
  // By the merchant's clock, as routing and `mids list` judge a cool-down (a sandbox's test clock moves it too).
  const now = (await onMerchantClock(cx.d, clientKey)).clock.now();
  return {
    merchant: view(merchant),
    mids: mids.map((m) => ({ ...midView(m, p), health: midHealthView(midHealth?.[m.midId], now) })),
    wallets: await showWalletSettings(cx.d, clientKey),
    choices: {
      ...CHOICES,
      methods: methodChoices(mids, cx.d.config.STAGE_KIND),
      ...(isOperator(p) ? { connectors: midConnectorChoices(cx.d.config.STAGE_KIND) } : {}),
    },
  };
}

/** What the settings editors offer: the values the settings operations accept. */
const CHOICES = {
  requiredPayerFields: [...REQUIRABLE_PAYER_FIELDS],
  applepay: { merchantCapabilities: [...APPLE_CAPABILITIES], supportedNetworks: [...APPLE_NETWORKS] },
  googlepay: { allowedAuthMethods: [...GOOGLE_AUTH_METHODS], supportedNetworks: [...GOOGLE_NETWORKS] },
};

/** The Checkout methods the merchant's MIDs can take: card, and the brands whose provider one of its MIDs reaches. */
function methodChoices(mids: Mid[], kind: StageKind): string[] {
  // A live stage has no sandbox provider, whatever MID its data still holds.
  const reached = kind === 'sandbox' ? providersReachedBy(mids) : new Set<string>();
  const page = new Set(acceptableMethods('purchase'));
  return [
    'card',
    ...allBrands()
      .filter((d) => page.has(d.brand) && reached.has(d.provider))
      .map((d) => d.brand),
  ];
}

const newMerchant = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  notification_url: z.optional(z.string().check(z.maxLength(255))),
});

/** Operators only. The answer carries the password: the one time it is shown. */
export async function createMerchantFromConsole(
  cx: ConsoleContext<Pick<Deps, 'config' | 'merchants' | 'clock' | 'newId'>>,
  p: Principal,
  body: unknown,
): Promise<ConsoleMerchantCreateAnswer> {
  operatorOnly(p);
  const input = parse(newMerchant, body);
  const m = await createMerchant(cx.d, { name: input.name, notificationUrl: input.notification_url || undefined });
  await audit(cx, p, 'merchant.create', { clientKey: m.clientKey, target: m.clientKey, details: { name: m.name } });
  return { merchant: view(m), password: m.password };
}

const newMid = z.object({
  name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
  payment_mode: z.optional(z.enum(['SMS', 'DMS', 'SMS/DMS'])),
  moto: z.optional(z.boolean()),
  zero_amount: z.optional(z.boolean()),
  connector: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  descriptor: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(22))),
  /** The connector's settings that are not secret (upstream: url, hashAlgorithm), as `mids create --upstream-url`. */
  connector_settings: z.optional(z.record(z.string().check(z.maxLength(64)), z.string().check(z.maxLength(1024)))),
  /** The MID's credentials at its acquirer (upstream: client_key, password): stored sealed, never shown again. */
  credentials: z.optional(z.record(z.string().check(z.maxLength(64)), z.string().check(z.maxLength(1024)))),
});

/**
 * Operators only: merchants see their MIDs but do not change them. The same checks as `npm run admin -- mids create`
 * (createMid: the connector's setup, an upstream probed once), among the connectors of the stage's kind; the stage's
 * default connector is its first choice (a sandbox: sandbox; live: upstream, which needs its settings). Adyen's URL and
 * merchant account are settings, its API and HMAC keys credentials, sealed as `mids create --connector adyen` seals them.
 */
export async function createMidFromConsole(
  cx: ConsoleContext<Pick<Deps, 'config' | 'merchants' | 'secrets' | 'newId' | 'connectors'>>,
  p: Principal,
  clientKey: string,
  body: unknown,
): Promise<MidView> {
  operatorOnly(p);
  const input = parse(newMid, body);
  const choices = midConnectorChoices(cx.d.config.STAGE_KIND);
  const connector = input.connector ?? choices[0]!;
  if (!choices.includes(connector)) throw ValidationError.field('connector', 'The value you selected is not a valid choice.');
  await load(cx, clientKey);
  const mid = await createMid(cx.d, clientKey, {
    name: input.name,
    paymentMode: input.payment_mode,
    moto: input.moto,
    zeroAmount: input.zero_amount,
    connector,
    descriptor: input.descriptor,
    connectorSettings: input.connector_settings,
    credentials: input.credentials,
  });
  // The audit names what was chosen, never the credentials.
  await audit(cx, p, 'mid.create', {
    clientKey,
    target: mid.midId,
    details: {
      paymentMode: mid.paymentMode,
      moto: mid.moto,
      zeroAmount: mid.zeroAmount,
      connector: mid.connector,
      credentials: mid.credentialsSealed ? 'sealed' : 'none',
    },
  });
  return midView(mid, p);
}

const list = z.array(z.string().check(z.maxLength(300))).check(z.maxLength(50));
const settings = z.partial(
  z.strictObject({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    notification_url: z.string().check(z.maxLength(255)),
    mappings: z.record(z.string(), z.boolean()),
    required_payer_fields: list,
    link_target: z.string().check(z.maxLength(10)),
    terms_checkbox: z.boolean(),
    hash_algorithm: z.string().check(z.maxLength(10)),
    hosted_fields_origins: list,
    checkout_frame_ancestors: list,
    hosted_fields_update_signature: z.boolean(),
    methods: list,
    api_ip_allowlist: list,
    default_language: z.string().check(z.maxLength(10)),
  }),
);

/** Merchant admins and operators; the same validation as `npm run admin -- merchants update`. */
export async function updateSettings(
  cx: ConsoleContext<Pick<Deps, 'config' | 'merchants' | 'newId'>>,
  p: Principal,
  clientKey: string,
  body: unknown,
): Promise<MerchantView> {
  changeMerchant(p, clientKey);
  const input = parse(settings, body);
  const { merchant } = await load(cx, clientKey);
  const mappings = Object.entries(input.mappings ?? {});
  const changes = merchantSettings(merchant, {
    enableMappings: mappings.filter(([, on]) => on).map(([g]) => g),
    disableMappings: mappings.filter(([, on]) => !on).map(([g]) => g),
    requiredPayerFields: input.required_payer_fields,
    linkTarget: input.link_target,
    termsCheckbox: input.terms_checkbox,
    hashAlgorithm: input.hash_algorithm,
    hostedFieldsOrigins: input.hosted_fields_origins,
    checkoutFrameAncestors: input.checkout_frame_ancestors,
    hostedFieldsUpdateSignature: input.hosted_fields_update_signature,
    methods: input.methods,
    apiIpAllowlist: input.api_ip_allowlist,
    defaultLanguage: input.default_language,
  });
  if (!mappings.length) delete changes.mappings;
  const notificationUrl =
    input.notification_url === undefined
      ? undefined
      : input.notification_url === ''
        ? null
        : checkNotificationUrl(cx.d, input.notification_url);
  const updated = await audited(
    cx,
    p,
    'merchant.settings',
    { clientKey, target: clientKey, details: { fields: Object.keys(input).join(',') } },
    (alongside) =>
      cx.d.merchants.update(
        clientKey,
        { ...changes, ...(input.name ? { name: input.name } : {}), ...(notificationUrl !== undefined ? { notificationUrl } : {}) },
        { alongside },
      ),
  );
  return view(updated);
}

/** A new password, shown in this answer only; the old one stops working at once (within the config cache TTL). */
export async function rotatePassword(
  cx: ConsoleContext<Pick<Deps, 'merchants' | 'newId'>>,
  p: Principal,
  clientKey: string,
): Promise<ConsoleMerchantPasswordAnswer> {
  changeMerchant(p, clientKey);
  await load(cx, clientKey);
  const password = randomBytes(16).toString('hex');
  await audited(cx, p, 'merchant.rotate-password', { clientKey, target: clientKey }, (alongside) =>
    cx.d.merchants.update(clientKey, { password }, { alongside }),
  );
  return { password };
}

/** The X-Callback-Signature secret(s): shown, or rotated (the old one keeps signing during the overlap). Audited either way. */
export async function signingSecret(
  cx: ConsoleContext<Pick<Deps, 'merchants' | 'newId'> & WithCallbacks>,
  p: Principal,
  clientKey: string,
  body: unknown,
): Promise<ConsoleSigningSecretAnswer> {
  changeMerchant(p, clientKey);
  await load(cx, clientKey);
  const { rotate } = parse(z.object({ rotate: z.optional(z.boolean()) }), body);
  const callbacks = cx.callbacks();
  const now = callbacks.clock.now();
  if (!rotate) {
    const s = await callbacks.secrets.get(clientKey, now);
    await audit(cx, p, 'callback-secret.reveal', { clientKey, target: clientKey });
    return s;
  }
  return audited(cx, p, 'callback-secret.rotate', { clientKey, target: clientKey }, (alongside) =>
    callbacks.secrets.rotate(clientKey, now, callbacks.secretOverlapSeconds, { alongside }),
  );
}
