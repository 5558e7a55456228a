/**
 * Admin: a merchant's wallet settings. The private key is checked (P-256), sealed with the KMS envelope SecretBox
 * bound to merchant + wallet, and written with a version condition; nothing returned here carries key material.
 */
import { createHash, createPublicKey } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { ValidationError } from '../../errors.js';
import { walletKeyContext, type WalletConfig } from '../../ports/wallet-config.js';
import { parsePrivateKey } from '../../wallets/ec.js';
import { WALLETS, WALLET_ENVIRONMENTS, type WalletEnvironment, type WalletName } from '../../wallets/types.js';

export interface WalletSettingsInput {
  clientKey: string;
  wallet: string;
  environment: string;
  privateKey: string;
  merchantIdentifier?: string;
}

/** What may be shown of a wallet's settings. */
export interface WalletView {
  wallet: WalletName;
  environment: WalletEnvironment;
  merchantIdentifier?: string;
  /** base64 SHA-256 of the public key: compare with Apple's publicKeyHash / the key registered with Google. */
  publicKeyHash: string;
  updatedAt: string;
}

export function viewOf(c: WalletConfig): WalletView {
  return { wallet: c.wallet, environment: c.environment, ...(c.merchantIdentifier ? { merchantIdentifier: c.merchantIdentifier } : {}), publicKeyHash: c.publicKeyHash, updatedAt: c.updatedAt };
}

export async function setWalletSettings(d: Pick<Deps, 'merchants' | 'secrets' | 'walletConfigs' | 'clock'>, input: WalletSettingsInput): Promise<WalletView> {
  const errors: Array<{ field: string; message: string }> = [];
  if (!WALLETS.includes(input.wallet as WalletName)) errors.push({ field: 'wallet', message: `Must be one of ${WALLETS.join(', ')}.` });
  if (!WALLET_ENVIRONMENTS.includes(input.environment as WalletEnvironment)) errors.push({ field: 'environment', message: 'Must be TEST or PRODUCTION.' });
  if (input.wallet === 'applepay' && !input.merchantIdentifier?.trim()) errors.push({ field: 'merchant-id', message: 'Apple Pay needs the merchant identifier.' });
  let publicKeyHash = '';
  try {
    const key = parsePrivateKey(input.privateKey);
    publicKeyHash = createHash('sha256').update(createPublicKey(key).export({ format: 'der', type: 'spki' })).digest('base64');
  } catch {
    // The parser's message could quote the input; say only what is wrong.
    errors.push({ field: 'private-key', message: 'Must be a P-256 (prime256v1) private key, PEM or base64 PKCS#8.' });
  }
  if (errors.length) throw new ValidationError(errors);
  if (!(await d.merchants.get(input.clientKey))) throw ValidationError.notCorrect('client_key');

  const wallet = input.wallet as WalletName;
  const current = await d.walletConfigs.get(input.clientKey, wallet);
  const next: WalletConfig = {
    clientKey: input.clientKey,
    wallet,
    environment: input.environment as WalletEnvironment,
    ...(wallet === 'applepay' ? { merchantIdentifier: input.merchantIdentifier!.trim() } : {}),
    privateKeySealed: await d.secrets['wallet-keys'].seal(input.privateKey.trim(), walletKeyContext(input.clientKey, wallet)),
    publicKeyHash,
    updatedAt: d.clock.now().toISOString(),
    version: (current?.version ?? 0) + 1,
  };
  if (!(await d.walletConfigs.put(next, current?.version ?? 0))) throw new ValidationError({ field: '', message: 'The wallet settings were changed at the same time; try again.' });
  return viewOf(next);
}

export async function showWalletSettings(d: Pick<Deps, 'walletConfigs'>, clientKey: string): Promise<WalletView[]> {
  return (await d.walletConfigs.list(clientKey)).map(viewOf);
}
