/**
 * Merchant and MID administration (admin CLI, local sandbox merchant). Credentials are generated here:
 * client_key is a UUID, the password 32 random hex characters (the protocol's shape).
 */
import { SPEC_LANGUAGES } from '../../protocol/language-codes.js';
import { randomBytes, randomUUID } from 'node:crypto';
import * as z from '../../lib/zod-mini.js';
import type { Deps } from '../deps.js';
import { DEFAULT_MAPPINGS, type CallbackMappings, type Merchant, type Mid } from '../../domain/merchant.js';
import { midConnectorChoices } from '../../domain/stage-kind.js';
import type { StageKind } from '../../lib/config.js';
import { ValidationError } from '../../domain/errors.js';
import type { MerchantChanges } from '../../ports/merchant-directory.js';
import { midCredentialsContext } from '../../ports/connector.js';
import { acceptableMethods } from '../checkout/methods.js';
import { checkPublicUrl } from '../../lib/net/public-url.js';
import { parseCidr } from '../../lib/net/cidr.js';
import { callbackAddresses } from '../callbacks/address-policy.js';

const url = z.url({ protocol: /^https?$/ }).check(z.maxLength(255));

/**
 * A notification URL the platform may POST callbacks to: http(s), at most 255 characters, and not a private,
 * loopback (except locally, CALLBACK_ALLOW_LOOPBACK) or metadata address in any notation (SSRF guard).
 */
export function checkNotificationUrl(d: Pick<Deps, 'config'>, value: string): string {
  if (!url.safeParse(value).success) throw ValidationError.field('notification_url', 'This value is not a valid URL.');
  const checked = checkPublicUrl(value, callbackAddresses(d.config));
  if (!checked.ok) throw ValidationError.field('notification_url', `This URL is not allowed: ${checked.reason}.`);
  return value;
}

export interface NewMerchant {
  name: string;
  notificationUrl?: string;
  clientKey?: string;
  password?: string;
}

export async function createMerchant(d: Pick<Deps, 'config' | 'merchants' | 'clock'>, input: NewMerchant): Promise<Merchant> {
  if (!input.name?.trim()) throw ValidationError.field('name', 'This value should not be blank.');
  if (input.notificationUrl) checkNotificationUrl(d, input.notificationUrl);
  const merchant: Merchant = {
    clientKey: input.clientKey ?? randomUUID(),
    name: input.name.trim(),
    password: input.password ?? randomBytes(16).toString('hex'),
    notificationUrl: input.notificationUrl,
    hashAlgorithm: 'md5',
    mappings: { ...DEFAULT_MAPPINGS },
    requiredPayerFields: [],
    termsCheckbox: false,
    createdAt: d.clock.now().toISOString(),
  };
  await d.merchants.create(merchant);
  return merchant;
}

export interface NewMid {
  name?: string;
  paymentMode?: Mid['paymentMode'];
  moto?: boolean;
  zeroAmount?: boolean;
  connector?: string;
  descriptor?: string;
  /** The connector's settings for the MID that are not secret (the upstream's URL). */
  connectorSettings?: Record<string, string>;
  /** The MID's credentials at its acquirer (the upstream's client_key and password): stored sealed only. */
  credentials?: Record<string, string>;
}

/**
 * The connector of a MID made without naming one: the sandbox acquirer on a sandbox stage. A live stage has no sandbox
 * connector, so it has no default: the caller names one of its acquirers.
 */
export function defaultMidConnector(kind: StageKind): string {
  if (kind === 'live')
    throw ValidationError.field(
      'connector',
      `A live stage has no default connector: name one of ${midConnectorChoices('live').join(', ')}.`,
    );
  return 'sandbox';
}

export async function createMid(
  d: Pick<Deps, 'merchants' | 'secrets' | 'connectors' | 'config'>,
  clientKey: string,
  input: NewMid = {},
): Promise<Mid> {
  const config = await d.merchants.get(clientKey);
  if (!config) throw ValidationError.notCorrect('client_key');
  const connector = input.connector ?? defaultMidConnector(d.config.STAGE_KIND);
  if (!d.connectors.names().includes(connector)) throw ValidationError.field('connector', 'The value you selected is not a valid choice.');
  const acquirer = d.connectors.named(connector);
  const problems = acquirer.checkSetup?.({ settings: input.connectorSettings ?? {}, credentials: input.credentials }) ?? [];
  if (problems.length) throw new ValidationError(problems.map((message) => ({ field: 'connector', message })));
  const settings = acquirer.normalizeSettings?.(input.connectorSettings ?? {}) ?? input.connectorSettings ?? {};
  const paymentMode = input.paymentMode ?? 'SMS/DMS';
  if (!['SMS', 'DMS', 'SMS/DMS'].includes(paymentMode))
    throw ValidationError.field('payment_mode', 'The value you selected is not a valid choice.');
  // Last, once everything local is right: the acquirer is asked once whether the URL and credentials work.
  const probed = (await acquirer.probeSetup?.({ settings, credentials: input.credentials })) ?? [];
  if (probed.length) throw new ValidationError(probed.map((message) => ({ field: 'connector', message })));
  const midId = randomUUID();
  const mid: Mid = {
    midId,
    name: input.name ?? `${connector}-${paymentMode}`,
    paymentMode,
    moto: input.moto ?? false,
    zeroAmount: input.zeroAmount ?? false,
    connector,
    ...(Object.keys(settings).length ? { connectorSettings: settings } : {}),
    ...(input.credentials
      ? {
          credentialsSealed: await d.secrets['merchant-secrets'].seal(
            JSON.stringify(input.credentials),
            midCredentialsContext(clientKey, midId),
          ),
        }
      : {}),
    enabled: true,
    descriptor: input.descriptor ?? config.merchant.name.slice(0, 22),
  };
  await d.merchants.putMid(clientKey, mid);
  return mid;
}

export const MAPPING_GROUPS = Object.keys(DEFAULT_MAPPINGS) as (keyof CallbackMappings)[];
/** Payer fields 6.7.0 made optional at the API layer; each is enforced only when the merchant's mapping marks it. */
export const REQUIRABLE_PAYER_FIELDS = ['payer_address', 'payer_country', 'payer_city', 'payer_zip'] as const;
const LINK_TARGETS = ['_blank', '_self', '_parent', '_top'] as const;

export interface MerchantSettingsChange {
  enableMappings?: string[];
  disableMappings?: string[];
  requiredPayerFields?: string[];
  /** "none" removes the override. */
  linkTarget?: string;
  termsCheckbox?: boolean;
  hashAlgorithm?: string;
  /** Exact origins (scheme://host[:port]); an empty list lets any origin embed the hosted fields. */
  hostedFieldsOrigins?: string[];
  /** Checkout page methods the merchant offers; an empty list offers every method the platform has. */
  methods?: string[];
  /** Exact origins that may frame the Checkout / 3DS / method pages; an empty list: none may (frame-ancestors 'none'). */
  checkoutFrameAncestors?: string[];
  /** Session updates must carry the merchant's hash (docs/hosted-fields.md). */
  hostedFieldsUpdateSignature?: boolean;
  /** CIDR blocks (v4/v6) the merchant's API calls may come from; an empty list removes the restriction. */
  apiIpAllowlist?: string[];
  /** The protocol mapping's default page language: one of the spec's 21 codes; "none" removes it. */
  defaultLanguage?: string;
  /** QR lifetime in seconds (10 to 86400); "none" returns to the platform default. */
  qrLifetimeSeconds?: string;
}

/** Validates a settings change against the merchant's current settings and returns the fields to store. */
export function merchantSettings(current: Merchant, change: MerchantSettingsChange): MerchantChanges {
  const errors: { field: string; message: string }[] = [];
  const out: MerchantChanges = {};
  const toggles = [
    ...(change.enableMappings ?? []).map((g) => [g, true] as const),
    ...(change.disableMappings ?? []).map((g) => [g, false] as const),
  ];
  if (toggles.length) {
    const mappings = { ...DEFAULT_MAPPINGS, ...current.mappings };
    for (const [group, on] of toggles) {
      if (!MAPPING_GROUPS.includes(group as keyof CallbackMappings))
        errors.push({ field: 'mapping', message: `Unknown group "${group}"; one of ${MAPPING_GROUPS.join(', ')}.` });
      else mappings[group as keyof CallbackMappings] = on;
    }
    out.mappings = mappings;
  }
  if (change.requiredPayerFields) {
    const bad = change.requiredPayerFields.filter((f) => !(REQUIRABLE_PAYER_FIELDS as readonly string[]).includes(f));
    if (bad.length) errors.push({ field: 'required_payer_fields', message: `Only ${REQUIRABLE_PAYER_FIELDS.join(', ')} can be required.` });
    out.requiredPayerFields = [...new Set(change.requiredPayerFields)];
  }
  if (change.linkTarget !== undefined) {
    if (change.linkTarget === 'none') out.linkTarget = null;
    else if ((LINK_TARGETS as readonly string[]).includes(change.linkTarget)) out.linkTarget = change.linkTarget as Merchant['linkTarget'];
    else errors.push({ field: 'link_target', message: 'The value you selected is not a valid choice.' });
  }
  if (change.termsCheckbox !== undefined) out.termsCheckbox = change.termsCheckbox;
  if (change.hashAlgorithm !== undefined) {
    if (change.hashAlgorithm === 'md5' || change.hashAlgorithm === 'sha256') out.hashAlgorithm = change.hashAlgorithm;
    else errors.push({ field: 'hash_algorithm', message: 'The value you selected is not a valid choice.' });
  }
  if (change.hostedFieldsOrigins) {
    const bad = change.hostedFieldsOrigins.filter((o) => !isOrigin(o));
    if (bad.length) errors.push({ field: 'hosted_fields_origins', message: `Not an origin (scheme://host[:port]): ${bad.join(', ')}` });
    out.hostedFieldsOrigins = [...new Set(change.hostedFieldsOrigins)];
  }
  if (change.checkoutFrameAncestors) {
    const bad = change.checkoutFrameAncestors.filter((o) => !isOrigin(o));
    if (bad.length) errors.push({ field: 'checkout_frame_ancestors', message: `Not an origin (scheme://host[:port]): ${bad.join(', ')}` });
    out.checkoutFrameAncestors = [...new Set(change.checkoutFrameAncestors)];
  }
  if (change.hostedFieldsUpdateSignature !== undefined) out.hostedFieldsUpdateSignature = change.hostedFieldsUpdateSignature;
  if (change.methods) {
    const known = acceptableMethods('purchase');
    const bad = change.methods.filter((m) => !known.includes(m));
    if (bad.length) errors.push({ field: 'methods', message: `Unknown method(s) ${bad.join(', ')}; one of ${known.join(', ')}.` });
    out.methods = [...new Set(change.methods)];
  }
  if (change.apiIpAllowlist) {
    const bad = change.apiIpAllowlist.filter((c) => !parseCidr(c));
    if (bad.length) errors.push({ field: 'api_ip_allowlist', message: `Not an IP address or CIDR block: ${bad.join(', ')}` });
    out.apiIpAllowlist = change.apiIpAllowlist.length ? [...new Set(change.apiIpAllowlist)] : null;
  }
  if (change.defaultLanguage !== undefined) {
    const code = change.defaultLanguage.trim().toLowerCase();
    // An operator typo should fail here, not silently show payers English: only the spec's codes are taken.
    if (code === 'none') out.defaultLanguage = null;
    else if (SPEC_LANGUAGES.some((l) => l.toLowerCase() === code)) out.defaultLanguage = code;
    else
      errors.push({
        field: 'default_language',
        message: `Not a language code of the protocol; one of ${SPEC_LANGUAGES.join(', ')}, or none.`,
      });
  }
  if (change.qrLifetimeSeconds !== undefined) {
    const seconds = Number(change.qrLifetimeSeconds);
    if (change.qrLifetimeSeconds === 'none') out.qrLifetimeSeconds = null;
    else if (/^\d+$/.test(change.qrLifetimeSeconds) && seconds >= 10 && seconds <= 86400) out.qrLifetimeSeconds = seconds;
    else errors.push({ field: 'qr_lifetime_seconds', message: 'A whole number of seconds from 10 to 86400, or none.' });
  }
  if (errors.length) throw new ValidationError(errors);
  return out;
}

/** An exact http(s) origin (scheme://host[:port]), as browsers compare them; no wildcards, no paths. */
function isOrigin(o: string): boolean {
  try {
    const u = new URL(o);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === o;
  } catch {
    return false;
  }
}
