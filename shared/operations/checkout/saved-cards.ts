/**
 * card_token on the page: the session keeps the tokens' cards masked (first 6, last 4, expiry, brand) so the page
 * can show them without opening the vault; the PAN is opened only when the payer pays with one.
 */
import type { Deps } from '../deps.js';
import { NOT_CORRECT, NotFoundError, ValidationError } from '../../domain/errors.js';
import { cardBrand } from '../../protocol/fields.js';
import type { SavedCard } from '../../ports/checkout-sessions.js';
import type { VaultEntry } from '../../ports/card-vault.js';
import { resolveCardToken } from '../payment/index.js';

export function savedCard(token: string, entry: VaultEntry): SavedCard {
  const { number, expMonth, expYear, holder } = entry.card;
  return { token, bin: number.slice(0, 6), last4: number.slice(-4), brand: cardBrand(number), expMonth, expYear, holder };
}

/** Every card_token must name a card of this merchant; the merchant hears which one does not, at session time. */
export async function resolveSavedCards(
  d: Pick<Deps, 'cardVault'>,
  clientKey: string,
  tokens: string[] | undefined,
): Promise<SavedCard[] | undefined> {
  if (!tokens?.length) return undefined;
  const cards: SavedCard[] = [];
  const errors: Array<{ field: string; message: string }> = [];
  for (const [i, token] of tokens.entries()) {
    if (cards.some((c) => c.token === token)) continue;
    const entry = await resolveCardToken(d, clientKey, token).catch((err: unknown) => {
      if (err instanceof NotFoundError) return undefined;
      throw err;
    });
    if (entry) cards.push(savedCard(token, entry));
    else errors.push({ field: `card_token[${i}]`, message: NOT_CORRECT });
  }
  if (errors.length) throw new ValidationError(errors);
  return cards;
}
