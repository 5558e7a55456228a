/**
 * Hosted Payment Fields sessions live in the Checkout session store. Their tokens are hashed in a domain of their
 * own ("hosted-fields:" + token), so a hosted-fields token opens no Checkout page and a Checkout link is no Token.
 * A missing, unknown or expired token loads nothing: the caller answers 403 with an HTML page.
 */
import { createHash } from 'node:crypto';
import type { Deps } from '../deps.js';
import type { Merchant, Mid } from '../../domain/merchant.js';
import { ConflictError } from '../../domain/errors.js';
import type { CheckoutSession, HostedFieldsSessionData } from '../../ports/checkout-sessions.js';
import { isSessionToken, newSessionToken } from '../checkout/session-token.js';
import { onMerchantClock } from '../clock/merchant-clocks.js';

export type HostedSession = CheckoutSession & { hostedFields: HostedFieldsSessionData };

export interface LoadedSession {
  /** The Token itself: never stored, it also keys the card data's inner seal (card-data.ts). */
  token: string;
  tokenHash: string;
  session: HostedSession;
  merchant: Merchant;
  mids: Mid[];
}

export const newHostedFieldsToken = newSessionToken;

export function hostedFieldsTokenHash(token: string): string {
  return createHash('sha256').update(`hosted-fields:${token}`).digest('hex');
}

export const isExpired = (d: Pick<Deps, 'clock'>, s: CheckoutSession) => d.clock.now().getTime() >= Date.parse(s.expiresAt);

/** The ports that open a session from its token. */
export type SessionDeps = Pick<Deps, 'merchants' | 'clock' | 'checkoutSessions'>;

export async function loadSession(d: SessionDeps, token: string | undefined): Promise<LoadedSession | undefined> {
  const t = token?.trim();
  if (!isSessionToken(t)) return undefined;
  const tokenHash = hostedFieldsTokenHash(t);
  const session = await d.checkoutSessions.getByTokenHash(tokenHash);
  // Expiry by the session's merchant's clock (its test clock in a sandbox: docs/test-clock.md).
  if (!session?.hostedFields || isExpired(await onMerchantClock(d, session.clientKey), session)) return undefined;
  const config = await d.merchants.get(session.clientKey);
  if (!config) return undefined;
  return { token: t, tokenHash, session: session as HostedSession, merchant: config.merchant, mids: config.mids };
}

/**
 * Writes the session with `changes` if nobody changed it since it was read (conditional on its version).
 * Returns undefined when another request got there first.
 */
export async function saveSession(
  d: Pick<Deps, 'checkoutSessions'>,
  s: HostedSession,
  changes: Partial<HostedSession>,
): Promise<HostedSession | undefined> {
  const next: HostedSession = { ...s, ...changes, version: s.version + 1 };
  try {
    await d.checkoutSessions.update(next);
    return next;
  } catch (err) {
    if (err instanceof ConflictError) return undefined;
    throw err;
  }
}

/** The iframes take a card only while the session has not started its payment. */
export const acceptsCard = (l: LoadedSession) => l.session.state === 'open';

/** Whether a merchant page at `origin` may embed this session's card fields (the merchant's allow-list, if any). */
export function mayEmbed(loaded: LoadedSession, origin: string): boolean {
  const allowed = loaded.merchant.hostedFieldsOrigins ?? [];
  return allowed.length === 0 || allowed.includes(origin);
}

/**
 * The card frames' CSP frame-ancestors: the merchant's list when it has one (every ancestor must be one of its own
 * pages), else just the origin the client library declared — never `*`: an empty list keeps "any page holding the
 * Token" working while the browser still refuses the frame inside any page but the declared one.
 */
export function embeddingOrigins(loaded: LoadedSession, declaredOrigin: string): string[] {
  const allowed = loaded.merchant.hostedFieldsOrigins ?? [];
  return allowed.length ? allowed : [declaredOrigin];
}
