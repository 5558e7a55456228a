/**
 * A provider's notification as it arrives: a JSON body signed in X-Provider-Signature with hex
 * HMAC-SHA256(raw body, provider secret). The sandbox provider's body is {"reference": "<trans_id>", "status": …}.
 */
import { SignatureError, ValidationError } from '../../domain/errors.js';
import { hashMatches, hmacSha256Hex, parseJson } from '@open-payments/protocol';

export const PROVIDER_STATUSES = ['executed', 'rejected', 'pending', 'ACSC', 'RJCT', 'paid', 'failed'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

export interface ProviderNotification {
  reference: string;
  status: ProviderStatus;
}

export function signNotification(rawBody: string, secret: string): string {
  return hmacSha256Hex(secret, rawBody);
}

/** Constant-time check of the header against the raw body's HMAC; throws SignatureError (401) otherwise. */
export function verifyNotification(rawBody: string, signature: string | undefined, secret: string): void {
  if (!hashMatches(signNotification(rawBody, secret), signature)) throw SignatureError.invalid();
}

/** Only after the signature held: the body's fields. */
export function parseNotification(rawBody: string): ProviderNotification {
  let body: unknown;
  try {
    body = parseJson(rawBody);
  } catch {
    throw ValidationError.field('', 'Request body is not valid JSON.');
  }
  const { reference, status } = (body ?? {}) as Record<string, unknown>;
  const errors = [];
  if (typeof reference !== 'string' || reference === '') errors.push({ field: 'reference', message: 'This value should not be blank.' });
  if (!PROVIDER_STATUSES.includes(status as ProviderStatus))
    errors.push({ field: 'status', message: 'The value you selected is not a valid choice.' });
  if (errors.length) throw new ValidationError(errors);
  return { reference: reference as string, status: status as ProviderStatus };
}
