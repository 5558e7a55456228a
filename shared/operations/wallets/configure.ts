/**
 * Admin: a merchant's wallet settings. The private key is checked (P-256), sealed with the KMS envelope SecretBox
 * bound to merchant + wallet, and written with a version condition; nothing returned here carries key material.
 * The Wallets tab's profile (country, shop name, capabilities, networks, auth methods, Apple Pay's merchant identity
 * certificate with its key, sealed likewise) is kept beside it; a change that names no new key keeps the stored one.
 */
import { createHash, createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import type { Deps } from '../deps.js';
import { ValidationError } from '../../domain/errors.js';
import { walletIdentityKeyContext, walletKeyContext, type WalletConfig } from '../../ports/wallet-config.js';
import type { Alongside } from '../../ports/transaction-items.js';
import { parsePrivateKey } from '../../lib/wallets/ec.js';
import { APPLE_CAPABILITIES, APPLE_NETWORKS, GOOGLE_AUTH_METHODS, GOOGLE_NETWORKS, type WalletProfile } from '../../lib/wallets/profile.js';
import { WALLETS, WALLET_ENVIRONMENTS, type WalletEnvironment, type WalletName } from '../../lib/wallets/types.js';

export interface WalletSettingsInput extends WalletProfile {
  clientKey: string;
  wallet: string;
  environment: string;
  /** The processing key; required the first time, omitted to keep the stored one. */
  privateKey?: string;
  merchantIdentifier?: string;
  /** Apple Pay merchant identity certificate (PEM) and its private key (PEM): given together. */
  certificate?: string;
  certificateKey?: string;
}

/** What may be shown of a wallet's settings. */
export interface WalletView extends WalletProfile {
  wallet: WalletName;
  environment: WalletEnvironment;
  merchantIdentifier?: string;
  /** base64 SHA-256 of the public key: compare with Apple's publicKeyHash / the key registered with Google. */
  publicKeyHash: string;
  /** The identity certificate's subject, expiry and fingerprint; its key is only said to be stored. */
  certificate?: { subject: string; validTo: string; fingerprint256: string };
  updatedAt: string;
}

export function viewOf(c: WalletConfig): WalletView {
  const { clientKey: _c, privateKeySealed: _p, identityKeySealed: _i, certificatePem, version: _v, ...shown } = c;
  let certificate: WalletView['certificate'];
  if (certificatePem) {
    const x = new X509Certificate(certificatePem);
    certificate = { subject: x.subject, validTo: x.validTo, fingerprint256: x.fingerprint256 };
  }
  return { ...shown, ...(certificate ? { certificate } : {}) };
}

const list = (v: string[] | undefined) => (v ? [...new Set(v)] : undefined);

function checkProfile(wallet: string, input: WalletSettingsInput, errors: Array<{ field: string; message: string }>): WalletProfile {
  const only = (field: string, values: string[] | undefined, allowed: readonly string[]) => {
    const bad = (values ?? []).filter((v) => !allowed.includes(v));
    if (bad.length) errors.push({ field, message: `Unknown: ${bad.join(', ')}; one of ${allowed.join(', ')}.` });
  };
  if (input.country !== undefined && !/^[A-Z]{2}$/.test(input.country))
    errors.push({ field: 'country', message: 'Must be an ISO 3166 two-letter country code.' });
  if (input.shopName !== undefined && !(input.shopName.trim().length >= 1 && input.shopName.length <= 64))
    errors.push({ field: 'shop_name', message: 'Must be 1 to 64 characters.' });
  if (wallet === 'applepay') {
    only('merchant_capabilities', input.merchantCapabilities, APPLE_CAPABILITIES);
    only('supported_networks', input.supportedNetworks, APPLE_NETWORKS);
    if (input.allowedAuthMethods?.length) errors.push({ field: 'allowed_auth_methods', message: 'Google Pay only.' });
  } else {
    only('allowed_auth_methods', input.allowedAuthMethods, GOOGLE_AUTH_METHODS);
    only('supported_networks', input.supportedNetworks, GOOGLE_NETWORKS);
    if (input.merchantCapabilities?.length) errors.push({ field: 'merchant_capabilities', message: 'Apple Pay only.' });
  }
  return {
    ...(input.country !== undefined ? { country: input.country } : {}),
    ...(input.shopName !== undefined ? { shopName: input.shopName.trim() } : {}),
    ...(input.merchantCapabilities ? { merchantCapabilities: list(input.merchantCapabilities) } : {}),
    ...(input.supportedNetworks ? { supportedNetworks: list(input.supportedNetworks) } : {}),
    ...(input.allowedAuthMethods ? { allowedAuthMethods: list(input.allowedAuthMethods) } : {}),
  };
}

/** The certificate must parse and its key must be the certificate's; neither message quotes the input. */
function checkCertificate(input: WalletSettingsInput, errors: Array<{ field: string; message: string }>): void {
  if (input.certificate === undefined && input.certificateKey === undefined) return;
  if (input.wallet !== 'applepay') return void errors.push({ field: 'certificate', message: 'Apple Pay only.' });
  if (!input.certificate || !input.certificateKey)
    return void errors.push({ field: 'certificate', message: 'Give the certificate and its private key together.' });
  try {
    const cert = new X509Certificate(input.certificate);
    if (!cert.checkPrivateKey(createPrivateKey(input.certificateKey)))
      errors.push({ field: 'certificate_key', message: 'This key does not belong to the certificate.' });
  } catch {
    errors.push({ field: 'certificate', message: 'Must be a PEM certificate with its PEM private key.' });
  }
}

/** `alongside`: stored with the settings' write (a console change's audit entry). */
export async function setWalletSettings(
  d: Pick<Deps, 'merchants' | 'secrets' | 'clock' | 'walletConfigs'>,
  input: WalletSettingsInput,
  opts: Alongside = {},
): Promise<WalletView> {
  const errors: Array<{ field: string; message: string }> = [];
  if (!WALLETS.includes(input.wallet as WalletName)) errors.push({ field: 'wallet', message: `Must be one of ${WALLETS.join(', ')}.` });
  if (!WALLET_ENVIRONMENTS.includes(input.environment as WalletEnvironment))
    errors.push({ field: 'environment', message: 'Must be TEST or PRODUCTION.' });
  if (input.wallet === 'applepay' && !input.merchantIdentifier?.trim())
    errors.push({ field: 'merchant-id', message: 'Apple Pay needs the merchant identifier.' });
  let publicKeyHash = '';
  if (input.privateKey !== undefined) {
    try {
      const key = parsePrivateKey(input.privateKey);
      publicKeyHash = createHash('sha256')
        .update(createPublicKey(key).export({ format: 'der', type: 'spki' }))
        .digest('base64');
    } catch {
      // The parser's message could quote the input; say only what is wrong.
      errors.push({ field: 'private-key', message: 'Must be a P-256 (prime256v1) private key, PEM or base64 PKCS#8.' });
    }
  }
  const profile = checkProfile(input.wallet, input, errors);
  checkCertificate(input, errors);
  if (errors.length) throw new ValidationError(errors);
  if (!(await d.merchants.get(input.clientKey))) throw ValidationError.notCorrect('client_key');

  const wallet = input.wallet as WalletName;
  const current = await d.walletConfigs.get(input.clientKey, wallet);
  if (input.privateKey === undefined && !current)
    throw ValidationError.field('private-key', 'The first settings of a wallet need its private key.');
  const box = d.secrets['wallet-keys'];
  const { clientKey: _c, version: _v, ...kept } = current ?? ({} as Partial<WalletConfig>);
  const next: WalletConfig = {
    ...kept,
    ...profile,
    clientKey: input.clientKey,
    wallet,
    environment: input.environment as WalletEnvironment,
    ...(wallet === 'applepay' ? { merchantIdentifier: input.merchantIdentifier!.trim() } : {}),
    privateKeySealed:
      input.privateKey !== undefined
        ? await box.seal(input.privateKey.trim(), walletKeyContext(input.clientKey, wallet))
        : current!.privateKeySealed,
    publicKeyHash: input.privateKey !== undefined ? publicKeyHash : current!.publicKeyHash,
    ...(input.certificate && input.certificateKey
      ? {
          certificatePem: input.certificate.trim(),
          identityKeySealed: await box.seal(input.certificateKey.trim(), walletIdentityKeyContext(input.clientKey, wallet)),
        }
      : {}),
    updatedAt: d.clock.now().toISOString(),
    version: (current?.version ?? 0) + 1,
  };
  if (!(await d.walletConfigs.put(next, current?.version ?? 0, opts)))
    throw new ValidationError({ field: '', message: 'The wallet settings were changed at the same time; try again.' });
  return viewOf(next);
}

export async function showWalletSettings(d: Pick<Deps, 'walletConfigs'>, clientKey: string): Promise<WalletView[]> {
  return (await d.walletConfigs.list(clientKey)).map(viewOf);
}
