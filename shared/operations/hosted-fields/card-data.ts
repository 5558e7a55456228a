/**
 * The iframes' collectIframesData(): the card (PAN, expiry, CVV) is kept in the session item for at most
 * CARD_DATA_TTL_SECONDS (then refused, and deleted by the SealedCardSweeper within a minute), sealed twice — AES-256-GCM under a key derived from the session Token (which the platform
 * never stores, only its hash), inside the KMS envelope seal bound to the session and merchant. A table read, even
 * with KMS access, opens nothing without the Token. The write that starts the payment removes it (processing.ts),
 * so the CVV outlives neither the attempt nor the short window; a 3DS step keeps only PAN and expiry in the card
 * vault, as every other flow does. A new submission before the payment replaces the previous card.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Deps } from '../deps.js';
import { ValidationError } from '../../domain/errors.js';
import { parseJsonObject } from '../../protocol/checkout/json.js';
import { readCardData, type SubmittedCard } from '../../protocol/hosted-fields/card-data.js';
import type { CardDataAnswer } from '../../protocol/hosted-fields/answers.js';
import type { HostedSession, LoadedSession } from './session.js';
import { saveSession } from './session.js';

const sealContext = (l: LoadedSession) => `hosted-fields#${l.tokenHash}#${l.session.clientKey}`;
const tokenKey = (token: string) => createHmac('sha256', token).update('hosted-fields card data v1').digest();

function innerSeal(token: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', tokenKey(token), iv);
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, ct, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.');
}

function innerOpen(token: string, sealed: string): string {
  const [iv, ct, tag] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', tokenKey(token), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(ct!), decipher.final()]).toString('utf8');
}

const undefinedResult = (): CardDataAnswer => ({ result: 'undefined', message: '' });

export async function submitCardData(
  d: Pick<Deps, 'config' | 'secrets' | 'clock' | 'checkoutSessions'>,
  loaded: LoadedSession,
  rawBody: string,
): Promise<CardDataAnswer> {
  let json: Record<string, unknown>;
  try {
    json = parseJsonObject(rawBody);
  } catch (err) {
    if (err instanceof ValidationError) return undefinedResult();
    throw err;
  }
  const card = readCardData(json, d.clock.now());
  if (!card) return undefinedResult();

  const sealedCard = await d.secrets['card-data'].seal(innerSeal(loaded.token, JSON.stringify(card)), sealContext(loaded));
  const expires = Math.min(d.clock.now().getTime() + d.config.CARD_DATA_TTL_SECONDS * 1000, Date.parse(loaded.session.expiresAt));
  let session: HostedSession | undefined = loaded.session;
  // One retry: a session update racing with the submission changed the version, not the state.
  for (let attempt = 0; attempt < 2 && session; attempt++) {
    if (session.state !== 'open') return undefinedResult();
    const saved = await saveSession(d, session, {
      hostedFields: { ...session.hostedFields, sealedCard, cardExpiresAt: new Date(expires).toISOString() },
    });
    if (saved) return { result: 'success', message: '' };
    session = (await d.checkoutSessions.getByTokenHash(loaded.tokenHash)) as HostedSession | undefined;
  }
  return undefinedResult();
}

/** The submitted card, if there is one and its window has not passed. */
export async function openCardData(d: Pick<Deps, 'secrets' | 'clock'>, loaded: LoadedSession): Promise<SubmittedCard | undefined> {
  const hf = loaded.session.hostedFields;
  if (!hf.sealedCard || !hf.cardExpiresAt || d.clock.now().getTime() >= Date.parse(hf.cardExpiresAt)) return undefined;
  return JSON.parse(innerOpen(loaded.token, await d.secrets['card-data'].open(hf.sealedCard, sealContext(loaded)))) as SubmittedCard;
}
