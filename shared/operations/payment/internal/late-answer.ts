/**
 * When an acquirer answers a request and also notifies (the upstream gateway's callback), the notification can record
 * the outcome first (acquirer-notification.ts, as the reconciler would). The request's own write then fails its
 * version check: it adopts what was recorded — same outcome, the callback already sent by the first writer — instead
 * of failing the merchant's request.
 */
import { ConflictError } from '../../../domain/errors.js';
import { awaitingAcquirer } from '../../../domain/undetermined.js';
import { recordedEvent } from './recorded-event.js';
import type { CoreDeps, CoreResult } from './types.js';

export async function writeOrAdopt(
  d: Pick<CoreDeps, 'payments'>,
  transId: string,
  attemptId: string,
  write: () => Promise<void>,
): Promise<CoreResult | undefined> {
  try {
    await write();
    return undefined;
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
    const fresh = await d.payments.get(transId);
    const stillOpen = !fresh || awaitingAcquirer(fresh).some((a) => a.id === attemptId);
    if (stillOpen) throw err;
    return { payment: fresh, event: recordedEvent(fresh, attemptId), callbacks: [] };
  }
}
