/**
 * `npx tsx bench/src/object-spread.ts` (the machine's Node) or `node scripts/lambda-node.mjs
 * bench/src/object-spread.ts` (Lambda's): node CPU of building a payment item (paymentItem) and of the
 * object-literal shape it avoids. On Node 20's V8 a literal that opens with a spread and then adds members
 * (`{ ...keys.payment(id), ...p }`, even `{ ...p, z }`) gets a new map for every member it adds, on every call: ~30 µs
 * for a payment's ~30 members against ~1 µs when the literal opens with a plain member (`{ kind, ...keys.payment(id),
 * ...p }`), and every object built so has a map of its own, which makes each later reader of it megamorphic. Node 22's
 * V8 (Lambda's nodejs22.x) reuses the maps: both shapes cost the same there.
 */
import { paymentItem } from '../../shared/adapters/aws/payment-item.js';
import { keys } from '../../shared/adapters/aws/table-keys.js';
import type { Payment } from '../../shared/domain/payment.js';

const T = '2026-11-24T10:00:00.000Z';
const ID = '546f0ad6-1239-4728-8e5b-d0d9a54fa1dc';
const payment: Payment = {
  transId: ID,
  clientKey: 'm1',
  protocol: 's2s-card',
  action: 'SALE',
  orderId: 'o1',
  orderDescription: 'd',
  currency: 'USD',
  amount: 1000,
  capturedAmount: 1000,
  refundedAmount: 0,
  status: 'SETTLED',
  midId: 'mid',
  connector: 'sandbox',
  card: { bin: '411111', last4: '1111', expMonth: '01', expYear: '2038', brand: 'visa' },
  payerEmail: 'a@b.c',
  details: { payer: { payer_email: 'a@b.c' }, midName: 'n', transactionType: 'SALE' },
  descriptor: 'X',
  createdAt: T,
  updatedAt: T,
  history: [{ id: ID, type: 'SALE', status: 'success', date: T, amount: 1000 }],
  callbackCount: 1,
  version: 2,
  fuv: 'v'.repeat(64),
};

function microseconds(run: () => unknown, calls = 20_000): number {
  for (let i = 0; i < 2_000; i++) run();
  const from = process.cpuUsage();
  for (let i = 0; i < calls; i++) run();
  const used = process.cpuUsage(from);
  return (used.user + used.system) / calls;
}

const shapes: Record<string, () => unknown> = {
  'paymentItem (the platform)': () => paymentItem(payment, 0),
  'spread of a call first: { ...keys.payment(id), ...p }': () => ({
    ...keys.payment(payment.transId),
    ...keys.orderIndex(payment.clientKey, payment.orderId, T),
    kind: 'payment',
    ...payment,
  }),
  'a member first: { kind, ...keys.payment(id), ...p }': () => ({
    kind: 'payment',
    ...keys.payment(payment.transId),
    ...keys.orderIndex(payment.clientKey, payment.orderId, T),
    ...payment,
  }),
};
console.log(`node ${process.version}`);
for (let round = 1; round <= 3; round++) {
  for (const [name, run] of Object.entries(shapes)) console.log(`round ${round}  ${microseconds(run).toFixed(2).padStart(6)} µs  ${name}`);
}
