/**
 * The reference merchant backend's one request path, free of any server framework (Node http and Lambda both call
 * it). Nothing is signed for anyone but the merchant's own signed-in app user: the route is known → the user is
 * authenticated (401 otherwise) → the operation is offered to apps → the app's JSON is checked → the backend builds
 * what is signed (the priced order; only the user's own payments) → the platform's answer goes back unchanged.
 */
import { OPERATIONS_BY_PATH, type FetchLike } from '@open-payments/mobile-sdk';
import { refuseEveryone, type Authenticate } from './auth/app-user.js';
import type { BackendConfig, BackendOperation } from './config.js';
import { createSession } from './create-session.js';
import { memoryOrderOwners, type OrderOwners } from './orders/order-owners.js';
import { noOrders, type PriceOrder } from './orders/price-order.js';
import { paymentStatus, refundOwnPayment, voidOwnPayment } from './owned-payments.js';
import { platformSender } from './platform.js';
import { failure, invalid, json, unauthorized, type BackendResponse } from './wire.js';

export interface BackendRequest {
  method: string;
  path: string;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  body: string;
  /** Claims API Gateway's JWT authorizer verified (Lambda only). */
  claims?: Record<string, unknown>;
}

export interface BackendHooks {
  /** Who is signed in; the default refuses everyone. */
  authenticate?: Authenticate;
  /** The merchant's own order data; the default knows no order, so no session is created. */
  priceOrder?: PriceOrder;
  /** Which user owns which order; the default keeps it in this process's memory. */
  orderOwners?: OrderOwners;
  fetch?: FetchLike;
}

const NAMES: Record<string, BackendOperation> = {
  '/api/v1/session': 'session',
  '/api/v1/payment/status': 'status',
  '/api/v1/payment/refund': 'refund',
  '/api/v1/payment/void': 'void',
};

export const MAX_BODY_BYTES = 64 * 1024;

export function createBackend(config: BackendConfig, hooks: BackendHooks = {}) {
  const authenticate = hooks.authenticate ?? refuseEveryone;
  const priceOrder = hooks.priceOrder ?? noOrders;
  const owners = hooks.orderOwners ?? memoryOrderOwners();
  const send = platformSender(config, hooks.fetch ?? ((url, init) => fetch(url, init)));

  return async function handle(req: BackendRequest): Promise<BackendResponse> {
    const op = OPERATIONS_BY_PATH.get(req.path);
    const name = NAMES[req.path];
    if (!op || !name) return failure(404, 'Not found.');
    if (req.method !== 'POST')
      return { ...failure(405, 'Method not allowed.'), headers: { 'content-type': 'application/json', allow: 'POST' } };

    // A throwing hook refuses too: an error in sign-in code must never let a request through.
    const user = await Promise.resolve()
      .then(() => authenticate({ headers: req.headers, claims: req.claims }))
      .catch(() => undefined);
    if (!user || typeof user.id !== 'string' || user.id === '') return unauthorized();
    if (!config.enabledOperations.includes(name)) return failure(403, 'This operation is not offered to apps.');

    let fields: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(req.body);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      fields = parsed as Record<string, unknown>;
    } catch {
      return invalid([{ field: 'body', message: 'This value should be a JSON object.' }]);
    }
    // An app may send the merchant's public key; it must be this backend's. Any hash it sends is ignored.
    if (fields.merchant_key !== undefined && fields.merchant_key !== config.merchantKey) {
      return invalid([{ field: 'merchant_key', message: 'This value is not valid.' }]);
    }
    const problems = op.problems(fields);
    if (problems.length) return invalid(problems);

    switch (name) {
      case 'session':
        return createSession(fields, user, { config, priceOrder, owners, send });
      case 'status':
        return paymentStatus(fields, user, { owners, send });
      case 'refund':
        return refundOwnPayment(fields, user, { owners, send });
      case 'void':
        return voidOwnPayment(fields, user, { owners, send });
    }
  };
}

export type Backend = ReturnType<typeof createBackend>;
export { json };
