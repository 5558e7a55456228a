/** The CallbackOutbox contract (test/contracts/callback-outbox.contract.ts) on the fakes (test/fakes/callback-outbox.ts). */
import { callbackOutboxContract } from '../../contracts/callback-outbox.contract.js';
import { MemoryCallbackOutbox } from '../../fakes/callback-outbox.js';
import { MemoryPaymentStore } from '../../fakes/payment-store.js';

callbackOutboxContract(() => {
  const payments = new MemoryPaymentStore();
  return { payments, outbox: new MemoryCallbackOutbox(payments.callbackItems) };
});
