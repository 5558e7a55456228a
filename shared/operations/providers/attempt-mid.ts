/**
 * The MID of a payment's cascade attempt (docs/routing.md): a notification about an attempt the payment has moved on
 * from was signed with that attempt's MID credentials, not the payment's current MID's. The payment keeps the MIDs it
 * tried (details.routingAttempts) and the attempt its own MID serves (details.routingAttempt).
 */
import { SignatureError } from '../../domain/errors.js';
import type { Payment } from '../../domain/payment.js';
import type { Deps } from '../deps.js';

/** The attempt the payment's current MID serves. */
export const currentAttempt = (payment: Payment): number => payment.details.routingAttempt ?? 1;

/**
 * The payment as seen from an earlier attempt's MID, to verify that attempt's notification with. An attempt the
 * payment never made, or made on another connector, cannot be verified: SignatureError.
 */
export async function asEarlierAttempt(d: Pick<Deps, 'merchants'>, payment: Payment, attempt: number, connector: string): Promise<Payment> {
  const midId = payment.details.routingAttempts?.[attempt - 1]?.midId;
  const mid =
    midId && attempt < currentAttempt(payment)
      ? (await d.merchants.get(payment.clientKey))?.mids.find((m) => m.midId === midId)
      : undefined;
  if (!mid || mid.connector !== connector) throw SignatureError.invalid();
  return { ...payment, midId: mid.midId, connector: mid.connector };
}
