/** The operations the mobile SDK and the merchant backend speak (the spec's list), by path. */
import type { CheckoutOperationSpec } from './operation.js';
import { refund } from './refund.js';
import { session } from './session.js';
import { status } from './status.js';
import { voidPayment } from './void.js';
import { checkoutHash, type HashAlgorithm } from '../hash/formulas.js';

export type { CheckoutOperationSpec } from './operation.js';
export { refund, session, status, voidPayment };

export const OPERATIONS_BY_PATH: ReadonlyMap<string, CheckoutOperationSpec> = new Map(
  [session, status, refund, voidPayment].map((op) => [op.path, op]),
);

export interface Credentials {
  merchantKey: string;
  password: string;
  hashAlgorithm?: HashAlgorithm;
}

/** The body as the platform takes it: merchant_key first, then the fields, then the hash over them. */
export function signedBody(op: CheckoutOperationSpec, fields: Record<string, unknown>, c: Credentials): Record<string, unknown> {
  const { merchant_key: _ignored, hash: _alsoIgnored, ...rest } = fields;
  return { merchant_key: c.merchantKey, ...rest, hash: checkoutHash(op.hashParts(rest), c.password, c.hashAlgorithm) };
}
