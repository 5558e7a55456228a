/**
 * `npx tsx bench/src/stream-decode-cpu.ts [--records 20000]`: node CPU per stream record for the dashboard
 * counters' decode, whole images against COUNTED_ATTRIBUTES only, alternated in one run. The record is a SALE's
 * outcome MODIFY (both images of a ~1.9 KB payment item, the bench's largest put).
 */
import { parseArgs } from 'node:util';
import { marshall } from '@aws-sdk/util-dynamodb';
import { tableChanges } from '../../shared/adapters/aws/stream-changes.js';
import { COUNTED_ATTRIBUTES, deltasOf } from '../../shared/operations/console/counter-deltas.js';

const { values } = parseArgs({ options: { records: { type: 'string', default: '20000' } } });
const n = Number(values.records);
const payment = (status: string) => ({
  pk: 'PAYMENT#0c3cb374-0cdb-4f7b-97ed-17508e588a60',
  sk: 'PAYMENT',
  kind: 'payment',
  transId: '0c3cb374-0cdb-4f7b-97ed-17508e588a60',
  clientKey: '46849c6a-fff0-4c4c-a445-33368a9c77aa',
  midId: 'mid-0c3cb374-0cdb-4f7b-97ed',
  orderId: 'load-abcdef-123456',
  orderDescription: 'bench',
  amount: 1000,
  currency: 'USD',
  status,
  action: 'SALE',
  version: 3,
  protocol: 's2s-card',
  connector: 'sandbox',
  descriptor: 'BENCH SHOP',
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.100Z',
  payerEmail: 'doe@example.com',
  approvalCode: '123456',
  rrn: '123456789012',
  arn: '74537605000000000000001',
  capturedAmount: 1000,
  refundedAmount: 0,
  callbackCount: 1,
  card: { bin: '411111', last4: '1111', brand: 'VISA', expMonth: '01', expYear: '2038' },
  history: [{ type: 'SALE', status: status === 'PREPARE' ? 'waiting' : 'success', date: '2026-11-24T10:00:00.050Z', amount: 1000 }],
  details: {
    payer: { firstName: 'A', lastName: 'B', phone: '1', ip: '127.0.0.1', email: 'doe@example.com' },
    termUrl3ds: 'https://example.com/',
    midName: 'Bench MID',
    transactionType: 'SALE',
    authorize: false,
    issueCardToken: false,
    issueRecurringToken: false,
    challengeToken: 'x'.repeat(40),
    payerIp: '127.0.0.1',
    termUrlTarget: '_top',
  },
  answer: { key: 'idem-0c3cb374-0cdb-4f7b-97ed-17508e588a60', statusCode: 200, until: '2026-11-25T10:00:00Z', body: 'y'.repeat(250) },
  fu: { VOID: 'a'.repeat(40), CREDITVOID: 'b'.repeat(35), x: 'c' },
  fuv: 'd'.repeat(60),
  gsi1pk: 'MERCHANT#46849c6a-fff0-4c4c-a445-33368a9c77aa#ORDER',
  gsi1sk: 'load-abcdef-123456#2026-11-24T10:00:00.000Z#0c3cb374',
  gsi3pk: 'PAYMENTS#46849c6a-fff0-4c4c-a445-33368a9c77aa',
  gsi3sk: '2026-11-24T10:00:00.000Z#0c3cb374-0cdb-4f7b-97ed-17508e588a60',
  gsi4pk: 'PAYER#46849c6a-fff0-4c4c-a445-33368a9c77aa#doe',
  gsi4sk: '2026-11-24T10:00:00.000Z#0c3cb374-0cdb-4f7b-97ed-17508e588a60',
});
const record = {
  eventName: 'MODIFY',
  dynamodb: { SequenceNumber: '1', OldImage: marshall(payment('PREPARE')), NewImage: marshall(payment('SETTLED')) },
};
const batch = Array.from({ length: 100 }, () => record);
const cpuPerRecord = (decode: () => unknown) => {
  const cpu = process.cpuUsage();
  for (let i = 0; i < n / 100; i++) decode();
  const used = process.cpuUsage(cpu);
  return ((used.user + used.system) / 1000 / n) * 1000;
};
const variants = { whole: () => tableChanges(batch).map(deltasOf), counted: () => tableChanges(batch, COUNTED_ATTRIBUTES).map(deltasOf) };
for (let round = 1; round <= 3; round++) {
  console.log(
    `round ${round}: ${Object.entries(variants)
      .map(([name, fn]) => `${name} ${cpuPerRecord(fn).toFixed(1)} µs`)
      .join(', ')} node CPU per record (decode + deltas)`,
  );
}
