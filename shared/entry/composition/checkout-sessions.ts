import { DynamoCheckoutSessionStore } from '../../adapters/aws/dynamo-checkout-sessions.js';
import type { CheckoutSessionStore } from '../../ports/checkout-sessions.js';
import { config } from './core.js';
import { port } from './port.js';

export const checkoutSessions: () => CheckoutSessionStore = /* @__PURE__ */ port(() => new DynamoCheckoutSessionStore(config().TABLE_NAME));
