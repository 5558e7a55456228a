/**
 * Card tokens and recurring tokens, protocol-neutral. A card_token is 64 hex characters naming a vaulted card of one
 * merchant; a recurring_token plus the first trans_id (the "initial pair") names the card a recurring charge reuses.
 */
import { randomBytes } from 'node:crypto';
import { NotFoundError } from '../../../domain/errors.js';
import type { Payment } from '../../../domain/payment.js';
import type { VaultCard, VaultEntry } from '../../../ports/card-vault.js';
import type { CoreDeps } from './types.js';

/** Challenge cards live as long as a payer may take to finish 3DS / the redirect page. */
export const CHALLENGE_CARD_TTL_SECONDS = 24 * 3600;

export function newCardToken(): string {
  return randomBytes(32).toString('hex');
}

export async function issueCardToken(
  d: Pick<CoreDeps, 'clock' | 'cardVault'>,
  clientKey: string,
  card: VaultCard,
  payerEmail: string | undefined,
): Promise<string> {
  const id = newCardToken();
  await d.cardVault.put({ kind: 'card-token', id, clientKey, card, meta: { payerEmail }, createdAt: d.clock.now().toISOString() });
  return id;
}

export async function issueRecurringToken(
  d: Pick<CoreDeps, 'clock' | 'newId' | 'cardVault'>,
  clientKey: string,
  card: VaultCard,
  firstTransId: string,
): Promise<string> {
  const id = d.newId();
  await d.cardVault.put({ kind: 'recurring', id, clientKey, card, meta: { firstTransId }, createdAt: d.clock.now().toISOString() });
  return id;
}

/** The card behind a card_token of this merchant; a token naming nothing is the spec's generic invalid identifier. */
export async function resolveCardToken(d: Pick<CoreDeps, 'cardVault'>, clientKey: string, cardToken: string): Promise<VaultEntry> {
  const entry = /^[0-9a-f]{64}$/.test(cardToken) ? await d.cardVault.get('card-token', cardToken, clientKey) : undefined;
  if (!entry) throw NotFoundError.generic();
  return entry;
}

/**
 * The initial payment and card of a recurring pair (first trans_id, recurring_token) of this merchant.
 * Any mismatch is the spec's 100000 "Incorrect transaction".
 */
export async function resolveRecurringPair(
  d: Pick<CoreDeps, 'payments' | 'cardVault'>,
  clientKey: string,
  firstTransId: string,
  recurringToken: string,
): Promise<{ initial: Payment; card: VaultCard }> {
  const entry =
    recurringToken && firstTransId ? await d.cardVault.get('recurring', recurringToken, clientKey).catch(() => undefined) : undefined;
  if (!entry || entry.meta.firstTransId !== firstTransId) throw NotFoundError.incorrectTransaction();
  const initial = await d.payments.get(firstTransId);
  if (!initial || initial.clientKey !== clientKey) throw NotFoundError.incorrectTransaction();
  return { initial, card: entry.card };
}

/** The card kept for a payment waiting for its 3DS / redirect step. */
export async function saveChallengeCard(d: Pick<CoreDeps, 'clock' | 'cardVault'>, p: Payment, card: VaultCard): Promise<void> {
  await d.cardVault.put(
    { kind: 'challenge', id: p.transId, clientKey: p.clientKey, card, meta: {}, createdAt: d.clock.now().toISOString() },
    CHALLENGE_CARD_TTL_SECONDS,
  );
}

export async function challengeCard(d: Pick<CoreDeps, 'cardVault'>, p: Payment): Promise<VaultCard | undefined> {
  return (await d.cardVault.get('challenge', p.transId, p.clientKey))?.card;
}
