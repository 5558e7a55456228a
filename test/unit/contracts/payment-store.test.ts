/** The PaymentStore contract (test/contracts/payment-store.contract.ts) on the in-memory fake (test/fakes/payment-store.ts). */
import { paymentStoreContract } from '../../contracts/payment-store.contract.js';
import { MemoryPaymentStore } from '../../fakes/payment-store.js';

paymentStoreContract((clock) => ({ store: new MemoryPaymentStore({ now: () => clock.now() }), entryTable: 'memory' }));
