/**
 * A Checkout operation as both ends of the app ↔ merchant backend ↔ platform chain see it: its path, the checks
 * that run before sending, and the fields its hash covers. The SDK and the reference backend share these, so the
 * two can never sign differently.
 */
import type { WireProblem } from '../request/validate.js';

export interface CheckoutOperationSpec {
  /** The same path on the platform and on the merchant backend. */
  path: string;
  problems(body: Record<string, unknown>): WireProblem[];
  /** The values the hash covers, in order (then PASSWORD). */
  hashParts(body: Record<string, unknown>): Array<string | undefined>;
}

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
