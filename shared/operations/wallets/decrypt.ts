/**
 * A merchant's wallet token → the card inside, protocol-neutral: the merchant's wallet settings → its sealed private
 * key, opened → the wallet's verification and decryption against the roots of the configured environment. Every
 * refusal becomes a payment_token error with one of the texts in messages.ts; only ids and the reason are logged.
 */
import type { Deps } from '../deps.js';
import { logger } from '../../lib/logger.js';
import { walletKeyContext } from '../../ports/wallet-config.js';
import { applePay } from '../../lib/wallets/apple-pay-lazy.js';
import { parsePrivateKey } from '../../lib/wallets/ec.js';
import { googlePay } from '../../lib/wallets/google-pay-lazy.js';
import { WalletTokenError, type WalletCard, type WalletName } from '../../lib/wallets/types.js';
import { TOKEN_MESSAGES, WALLET_MESSAGES, tokenRefused } from './messages.js';
import { appleRoots, googleRoots, otherEnvironment } from './trust.js';

export type WalletDeps = Pick<Deps, 'config' | 'secrets' | 'walletConfigs' | 'clock'>;

export async function decryptWalletToken(
  d: WalletDeps,
  clientKey: string,
  wallet: WalletName,
  token: string,
  field = 'payment_token',
): Promise<WalletCard> {
  const settings = await d.walletConfigs.get(clientKey, wallet);
  if (!settings) throw tokenRefused(WALLET_MESSAGES.notConfigured, field);
  const env = settings.environment;
  let privateKey;
  try {
    privateKey = parsePrivateKey(await d.secrets['wallet-keys'].open(settings.privateKeySealed, walletKeyContext(clientKey, wallet)));
  } catch (err) {
    // A sealed key that does not open here (copied from another merchant, lost data key) is an operator problem.
    logger.error('wallet key cannot be opened', { clientKey, wallet, error: (err as Error).name });
    throw tokenRefused(WALLET_MESSAGES.notAvailable, field);
  }
  const now = d.clock.now();
  try {
    if (wallet === 'googlepay') {
      // Loaded on the first Google Pay token, not with the function (google-pay-lazy.ts).
      const { decryptGooglePayToken, parseGoogleRootKeys } = await googlePay();
      const roots = googleRoots(d.config, env, parseGoogleRootKeys);
      if (!roots) throw tokenRefused(WALLET_MESSAGES.notAvailable, field);
      return decryptGooglePayToken(token, {
        privateKey,
        recipientId: `gateway:${d.config.GOOGLE_PAY_GATEWAY_ID}`,
        roots,
        otherEnvironmentRoots: googleRoots(d.config, otherEnvironment(env), parseGoogleRootKeys),
        gatewayMerchantId: clientKey,
        now,
      });
    }
    const roots = appleRoots(d.config, env);
    if (!roots || !settings.merchantIdentifier) throw tokenRefused(WALLET_MESSAGES.notAvailable, field);
    // Loaded on the first Apple Pay token, not with the function (apple-pay-lazy.ts).
    const { decryptApplePayToken } = await applePay();
    return decryptApplePayToken(token, {
      privateKey,
      merchantIdentifier: settings.merchantIdentifier,
      roots,
      otherEnvironmentRoots: appleRoots(d.config, otherEnvironment(env)),
      now,
      maxSignatureAgeMs: d.config.APPLE_PAY_MAX_TOKEN_AGE_SECONDS * 1000,
    });
  } catch (err) {
    if (!(err instanceof WalletTokenError)) throw err;
    logger.warn('wallet token refused', { clientKey, wallet, environment: env, reason: err.reason, detail: err.detail });
    throw tokenRefused(TOKEN_MESSAGES[err.reason], field);
  }
}
