/**
 * In-memory fakes of the ports the payment core's follow-up pipeline uses (payments, callback queue, clock, ids,
 * connectors), for unit tests without DynamoDB. The payment store keeps the one rule the pipeline leans on: a write
 * of version N+1 succeeds only over version N (ConflictError otherwise), as the DynamoDB adapter's versioned put.
 * Methods the pipeline does not call throw, so a test that starts needing one says so.
 */
import { ConflictError } from '../../../shared/errors.js';
import type { CallbackRecord } from '../../../shared/domain/callback.js';
import type { Payment, TransactionRecord } from '../../../shared/domain/payment.js';
import type { CallbackRecorder, FollowUpDeps, PaymentEvent } from '../../../shared/operations/payment/index.js';
import type { PaymentStore } from '../../../shared/ports/payment-store.js';
import type { ConnectorOutcome, ConnectorRegistry, MidConnector } from '../../../shared/ports/connector.js';

export const NOW = '2030-05-05T12:00:00.000Z';

const notFaked = (name: string) => () => {
  throw new Error(`${name} is not faked: add it to test/unit/payment/fakes.ts`);
};

export class MemoryPayments {
  readonly items = new Map<string, Payment>();
  readonly writes: { payment: Payment; callbacks: CallbackRecord[] }[] = [];

  constructor(...payments: Payment[]) {
    for (const p of payments) this.items.set(p.transId, structuredClone(p));
  }

  private versioned(payment: Payment, callbacks: CallbackRecord[]): void {
    const stored = this.items.get(payment.transId);
    if (!stored || stored.version !== payment.version - 1) throw ConflictError.paymentChanged();
    this.items.set(payment.transId, structuredClone(payment));
    this.writes.push({ payment: structuredClone(payment), callbacks });
  }

  readonly port: PaymentStore = {
    claimLockMs: 30_000,
    get: async (transId) => structuredClone(this.items.get(transId)),
    update: async (payment, callbacks) => this.versioned(payment, callbacks),
    reserveAttempt: async (payment) => this.versioned(payment, []),
    listForMerchant: notFaked('listForMerchant'),
    findByOrder: notFaked('findByOrder'),
    claim: notFaked('claim'),
    reserve: notFaked('reserve'),
    transIdFor: notFaked('transIdFor'),
    reserveFollowUp: notFaked('reserveFollowUp'),
    completeClaim: notFaked('completeClaim'),
    create: notFaked('create'),
    release: notFaked('release'),
  } as PaymentStore;
}

/** An acquirer whose every follow-up gets `answer` (or throws it: no answer), and what it was asked. */
export function fakeAcquirer(answer: ConnectorOutcome | Error) {
  const asked: { op: 'capture' | 'void' | 'refund'; amount: number; reversal?: boolean }[] = [];
  const reply = async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  };
  const connector = {
    capture: async (r: { amount: number }) => (asked.push({ op: 'capture', amount: r.amount }), reply()),
    void: async (r: { amount: number }) => (asked.push({ op: 'void', amount: r.amount }), reply()),
    refund: async (r: { amount: number; reversal?: boolean }) => (
      asked.push({ op: 'refund', amount: r.amount, reversal: r.reversal }),
      reply()
    ),
  } as unknown as MidConnector;
  const registry = {
    forPayment: async () => connector,
    names: notFaked('names'),
    named: notFaked('named'),
    forMid: notFaked('forMid'),
    bySlug: notFaked('bySlug'),
  } as unknown as ConnectorRegistry;
  return { registry, asked };
}

/** The pipeline's ports over `payments` and `acquirer`, a fixed clock and counting ids; `queued`: what it enqueued. */
export function followUpDeps(payments: MemoryPayments, acquirer: ConnectorRegistry) {
  const queued: CallbackRecord[] = [];
  let n = 0;
  const d: FollowUpDeps = {
    payments: payments.port,
    callbackQueue: { enqueue: async (records) => void queued.push(...records) },
    clock: { now: () => new Date(NOW) },
    newId: () => `id-${++n}`,
    connectors: acquirer,
  };
  return { d, queued };
}

/** A protocol's callback recorder: one record per event, named after it, so a test sees what was recorded. */
export const recordEvents: CallbackRecorder = (p: Payment, e: PaymentEvent) => [
  {
    eventId: `${p.transId}:${e.operation}:${e.result}`,
    transId: p.transId,
    clientKey: p.clientKey,
    seq: p.callbackCount + 1,
    protocol: p.protocol,
    url: 'https://shop.example/cb',
    fields: { status: e.result },
    createdAt: NOW,
  },
];

/** A card SALE for 1000 minor units of USD, settled today or held (authorize), answered by its acquirer. */
export function cardPayment(status: 'SETTLED' | 'PENDING', extra: Partial<Payment> = {}): Payment {
  const own: TransactionRecord = { id: 't1', type: status === 'PENDING' ? 'AUTH' : 'SALE', status: 'success', date: NOW, amount: 1000 };
  return {
    transId: 't1',
    clientKey: 'k',
    protocol: 's2s-card',
    action: 'SALE',
    orderId: 'o',
    orderDescription: 'd',
    currency: 'USD',
    amount: 1000,
    capturedAmount: status === 'SETTLED' ? 1000 : 0,
    refundedAmount: 0,
    status,
    midId: 'm',
    connector: 'sandbox',
    descriptor: 'x',
    details: { authorize: status === 'PENDING', transactionType: own.type },
    createdAt: NOW,
    updatedAt: NOW,
    history: [own],
    callbackCount: 0,
    version: 3,
    ...extra,
  };
}
