/** The merchant API's callback reads (docs/merchant-api.md): the delivery-log index and the long polls' slots. */
import { DynamoMerchantCallbacks } from '../../adapters/aws/dynamo-merchant-callbacks.js';
import { DynamoLongPollSlots } from '../../adapters/aws/dynamo-long-poll-slots.js';
import type { MerchantCallbacksContext } from '../../operations/merchant-api/context.js';
import { MAX_WAITING_POLLS } from '../../operations/merchant-api/next-callbacks.js';
import { config } from './core.js';
import { port } from './port.js';

export const merchantCallbacks: () => MerchantCallbacksContext = /* @__PURE__ */ port(() => {
  const c = config();
  return {
    feed: new DynamoMerchantCallbacks(c.TABLE_NAME),
    realNow: () => new Date(),
    pollMs: 1000,
    waiting: new DynamoLongPollSlots(c.TABLE_NAME, MAX_WAITING_POLLS),
  };
});
