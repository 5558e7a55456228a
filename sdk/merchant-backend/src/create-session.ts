/** POST /api/v1/session for a signed-in user: their priced order, recorded as theirs, then signed and sent. */
import { session } from '@open-payments/mobile-sdk';
import type { AppUser } from './auth/app-user.js';
import type { BackendConfig } from './config.js';
import type { OrderOwners } from './orders/order-owners.js';
import type { PriceOrder } from './orders/price-order.js';
import { forwarded, type SendToPlatform } from './platform.js';
import { returnUrlProblems } from './return-urls.js';
import { operationProblems, priceProblems, sessionBody, unexpectedAppFields } from './session-body.js';
import { invalid, type BackendResponse } from './wire.js';

export interface SessionDeps {
  config: BackendConfig;
  priceOrder: PriceOrder;
  owners: OrderOwners;
  send: SendToPlatform;
}

const NO_ORDER = [{ field: 'order.number', message: 'This order does not exist.' }];

export async function createSession(fields: Record<string, unknown>, user: AppUser, deps: SessionDeps): Promise<BackendResponse> {
  const early = [...unexpectedAppFields(fields), ...returnUrlProblems(fields, deps.config.allowedReturnUrls)];
  // credit and transfer pay money out: refused before the merchant's order data is even asked.
  if (fields.operation !== 'purchase' && fields.operation !== 'debit') early.push(...operationProblems(fields.operation, undefined));
  if (early.length) return invalid(early);

  const order = fields.order as Record<string, unknown>;
  const number = order.number as string;
  const priced = await deps.priceOrder(number, user);
  if (!priced) return invalid(NO_ORDER);
  const problems = [...operationProblems(fields.operation, priced), ...priceProblems(order, priced)];
  if (problems.length) return invalid(problems);
  // Another user's order number answers like an unknown one.
  if (!(await deps.owners.claim(number, user.id))) return invalid(NO_ORDER);

  return forwarded(await deps.send(session, sessionBody(fields, priced)));
}
