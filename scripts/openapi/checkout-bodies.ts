/**
 * The Checkout operations' JSON bodies by path, as each operation declares them (bodyFields beside the operation,
 * shared/protocol/checkout/operation-request.ts): the fields it reads and validates, in that order.
 */
import type { BodyField } from '../../shared/protocol/checkout/operation-request.js';
import type { FieldRead } from './fields-to-schema.js';
import { STATUS_FIELDS } from '../../shared/operations/checkout/status.js';
import { refund } from '../../shared/operations/checkout/refund.js';
import { capture } from '../../shared/operations/checkout/capture.js';
import { voidCheckout } from '../../shared/operations/checkout/void.js';
import { RETRY_FIELDS } from '../../shared/operations/checkout/retry.js';
import { RECURRING_FIELDS } from '../../shared/operations/checkout/recurring.js';
import { CARD_CREDIT_FIELDS } from '../../shared/operations/checkout/card-credit.js';

const CHECKOUT_BODIES: Record<string, BodyField[]> = {
  '/api/v1/payment/status': Object.values(STATUS_FIELDS),
  '/api/v1/payment/refund': refund.fields,
  '/api/v1/payment/capture': capture.fields,
  '/api/v1/payment/void': voidCheckout.fields,
  '/api/v1/payment/retry': Object.values(RETRY_FIELDS),
  '/api/v1/payment/recurring': Object.values(RECURRING_FIELDS),
  '/api/v1/payment/card/credit': Object.values(CARD_CREDIT_FIELDS),
};

/** The body of the operation at `path` as field reads (fields-to-schema.ts), or undefined for another route. */
export function checkoutBody(path: string): FieldRead[] | undefined {
  return CHECKOUT_BODIES[path]?.map((f) =>
    f.kind === 'object' ? { name: f.name, kind: f.kind } : { name: f.name, kind: f.kind, rule: { max: f.max } },
  );
}
