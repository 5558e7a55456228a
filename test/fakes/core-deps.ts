/**
 * The payment core's ports (CoreDeps, shared/operations/payment/index.ts) all in memory, for a unit test of an
 * operation through the core's face: the fakes of this folder over one fixed clock. A test reads what happened
 * from the fakes themselves: `payments.writes` and `payments.outbox`, `queue.enqueued`, `acquirer.asked`.
 */
import type { CoreDeps } from '../../shared/operations/payment/index.js';
import type { Payment } from '../../shared/domain/payment.js';
import { MemoryPaymentStore } from './payment-store.js';
import { MemoryCallbackQueue } from './callback-queue.js';
import { countingIds, FakeClock } from './clock.js';
import { ScriptedAcquirer } from './connector-registry.js';
import { MemoryCardVault } from './card-vault.js';
import { memoryApmConnectors } from './apm-connectors.js';

export interface MemoryCore {
  d: CoreDeps;
  payments: MemoryPaymentStore;
  queue: MemoryCallbackQueue;
  clock: FakeClock;
  acquirer: ScriptedAcquirer;
  vault: MemoryCardVault;
}

/** The core's ports with `payments` already stored; the acquirer approves everything unless the test says otherwise. */
export function memoryCore(...payments: Payment[]): MemoryCore {
  const clock = new FakeClock();
  const now = () => clock.now();
  const store = new MemoryPaymentStore({ now }).seed(...payments);
  const queue = new MemoryCallbackQueue();
  const acquirer = new ScriptedAcquirer();
  const vault = new MemoryCardVault(now);
  const d: CoreDeps = {
    payments: store,
    callbackQueue: queue,
    clock,
    newId: countingIds(),
    connectors: acquirer,
    cardVault: vault,
    apmConnectors: memoryApmConnectors(),
  };
  return { d, payments: store, queue, clock, acquirer, vault };
}
