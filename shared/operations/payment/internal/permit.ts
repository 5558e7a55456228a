/**
 * Asks the state machine whether a request may run on a payment, and words a refusal as the operation's error
 * (each operation names its own: 208003 for CAPTURE, "Void is not allowed." for VOID ...).
 */
import { decide, type Decision, type MachineEvent, type Refusal } from '../../../domain/payment-machine/index.js';
import type { Payment } from '../../../domain/payment.js';

export type RefusalErrors = { NOT_ALLOWED: () => Error } & Partial<Record<Exclude<Refusal, 'NOT_ALLOWED'>, () => Error>>;

export function permitOrThrow(p: Payment, e: MachineEvent, errors: RefusalErrors): Decision {
  const v = decide(p, e);
  if (v.ok) return v.decision;
  throw (errors[v.refusal] ?? errors.NOT_ALLOWED)();
}
