/**
 * Checks of a decrypted wallet token against the request: Apple Pay's amount and currency must be the order's, and a
 * token pays once (replay cache until the token's own expiry). Refusals are payment_token errors (messages.ts).
 */
import { createHash } from 'node:crypto';
import type { Deps } from '../deps.js';
import { logger } from '../../lib/logger.js';
import type { FormObject } from '../../protocol/form.js';
import { currencyNumeric } from '../../lib/wallets/currency-numeric.js';
import type { WalletCard, WalletName } from '../../lib/wallets/types.js';
import { WALLET_MESSAGES, tokenRefused } from './messages.js';

/** Apple binds the token to the amount (minor units) and currency (ISO 4217 numeric) the payer approved. */
export function checkTokenOrder(card: WalletCard, order: { amount: number; currency: string }, field = 'payment_token'): void {
  if (card.transactionAmount !== undefined && card.transactionAmount !== order.amount) throw tokenRefused(WALLET_MESSAGES.amount, field);
  if (card.currencyNumeric !== undefined && card.currencyNumeric.padStart(3, '0') !== currencyNumeric(order.currency)) {
    throw tokenRefused(WALLET_MESSAGES.currency, field);
  }
}

/** The same token id twice is refused unless it is the very same request again (answered by idempotency). */
export async function claimWalletToken(
  d: Pick<Deps, 'walletTokens' | 'clock'>,
  clientKey: string,
  wallet: WalletName,
  card: WalletCard,
  form: FormObject,
  field = 'payment_token',
): Promise<void> {
  const fingerprint = createHash('sha256').update(clientKey).update('\0').update(JSON.stringify(form)).digest('hex');
  const fresh = await d.walletTokens.claim(wallet, card.replayId, new Date(card.replayUntil), fingerprint, d.clock.now());
  if (fresh) return;
  logger.warn('wallet token refused', { clientKey, wallet, reason: 'replayed' });
  throw tokenRefused(WALLET_MESSAGES.replayed, field);
}
