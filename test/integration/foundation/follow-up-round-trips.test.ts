/**
 * CAPTURE, VOID and CREDITVOID in two DynamoDB round trips: the reservation is one conditional UpdateItem that takes
 * the plan the state machine left on the payment and returns the payment (no read first), then the outcome. A
 * request the plan does not fit reads the payment from that same write's refusal; so does one whose hash is wrong (the
 * condition compares it with the verifier kept on the payment), which writes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { keys } from '../../../shared/adapters/aws/table-keys.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields, transIdFields } from '../../support/s2s.js';

const platform = usePlatform({ CONFIG_CACHE_TTL_SECONDS: '60' });
let merchant: Merchant;
const PAYMENT_PK = keys.payment('x').pk.slice(0, -1);

beforeAll(async () => {
  // No notification URL: no callback consumer shares the count.
  merchant = await testMerchant();
});

const post = (fields: Record<string, unknown>) => postForm(`${platform.url}/post`, fields as Parameters<typeof postForm>[1]);

async function counted(fields: Record<string, unknown>): Promise<{ body: any; status: number; calls: string[] }> {
  const calls: string[] = [];
  const ddb = awsClients().ddb;
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      // One item's calls name it: only the payment's count. Others in the same process are not this request's
      // (the sandbox clock re-reads its offset every few seconds, the stream consumers add to the dashboard counters
      // and write the ledger's journals in transactions of their own items).
      type Keyed = { Key?: { pk?: unknown }; Item?: { pk?: unknown } };
      const input = args.input as Keyed & { TransactItems?: Record<string, Keyed>[] };
      const pks = [
        input.Key?.pk ?? input.Item?.pk,
        ...(input.TransactItems ?? []).flatMap((t) => Object.values(t).map((op) => op.Key?.pk ?? op.Item?.pk)),
      ].filter((k) => k !== undefined);
      if (!pks.length || pks.some((pk) => String(pk).startsWith(PAYMENT_PK)))
        calls.push(String(context.commandName).replace(/Command$/, ''));
      return next(args);
    },
    { step: 'initialize', name: 'followUpCounter' },
  );
  try {
    const res = await post(fields);
    return { ...res, calls };
  } finally {
    ddb.middlewareStack.remove('followUpCounter');
  }
}

async function sale(extra: Record<string, string> = {}): Promise<string> {
  const res = await post(saleFields(merchant, extra));
  expect(res.body.result).toBe('SUCCESS');
  return res.body.trans_id as string;
}

const stored = async (transId: string) =>
  (
    await awsClients().ddb.send(
      new GetCommand({ TableName: platform.resources.tableName, Key: keys.payment(transId), ConsistentRead: true }),
    )
  ).Item!;

describe('follow-ups in two round trips', () => {
  beforeAll(async () => {
    await sale(); // warm the merchant configuration cache
  });

  it('CAPTURE of a partial amount: UpdateItem (reservation), PutItem (outcome)', async () => {
    const transId = await sale({ auth: 'Y' });
    const res = await counted(transIdFields(merchant, 'CAPTURE', transId, { extra: { amount: '4.00' } }));
    expect(res.body).toMatchObject({ action: 'CAPTURE', result: 'SUCCESS', status: 'SETTLED', amount: '4.00' });
    expect(res.calls).toEqual(['UpdateItem', 'PutItem']);
    const p = await deps().payments.get(transId);
    expect(p).toMatchObject({ status: 'SETTLED', capturedAmount: 400 });
    expect(p?.history.filter((h) => h.type === 'CAPTURE')).toEqual([expect.objectContaining({ status: 'success', amount: 400 })]);
    expect(p?.claims).toBeUndefined();
    const item = await stored(transId);
    expect(item.intent).toBeUndefined();
    expect(item.gsi2pk).toBeUndefined();
  });

  it('CREDITVOID: a partial refund, then the rest without an amount, each in two', async () => {
    const transId = await sale();
    const first = await counted(transIdFields(merchant, 'CREDITVOID', transId, { extra: { amount: '3.00' } }));
    expect(first.body).toMatchObject({ result: 'ACCEPTED' });
    expect(first.calls).toEqual(['UpdateItem', 'PutItem']);
    const rest = await counted(transIdFields(merchant, 'CREDITVOID', transId));
    expect(rest.calls).toEqual(['UpdateItem', 'PutItem']);
    const p = await deps().payments.get(transId);
    expect(p).toMatchObject({ status: 'REFUND', refundedAmount: 1000 });
    expect(p?.history.filter((h) => h.type === 'REFUND').map((h) => [h.amount, h.status])).toEqual([
      [300, 'success'],
      [700, 'success'],
    ]);
    // Nothing left to plan on a refunded payment.
    expect((await stored(transId)).fu).toBeUndefined();
  });

  it('VOID on the day it settled, in two', async () => {
    const transId = await sale();
    const res = await counted(transIdFields(merchant, 'VOID', transId));
    expect(res.body).toMatchObject({ action: 'VOID', result: 'SUCCESS', status: 'VOID' });
    expect(res.calls).toEqual(['UpdateItem', 'PutItem']);
  });

  it('a request the plan does not fit is refused from the write that tried: one round trip', async () => {
    const transId = await sale();
    const res = await counted(transIdFields(merchant, 'CAPTURE', transId));
    expect(res.body).toMatchObject({ result: 'ERROR' });
    expect(res.calls).toEqual(['UpdateItem']);
    const tooMuch = await counted(transIdFields(merchant, 'CREDITVOID', transId, { extra: { amount: '10.01' } }));
    expect(tooMuch.body).toMatchObject({ result: 'ERROR' });
    expect(tooMuch.calls).toEqual(['UpdateItem']);
    expect((await deps().payments.get(transId))?.history).toHaveLength(1);
  });

  it("an unknown trans_id or another merchant's payment is not found, with nothing written", async () => {
    const other = await testMerchant();
    await post(saleFields(other)); // its configuration cached
    const transId = await sale();
    const res = await counted(transIdFields(other, 'CREDITVOID', transId, { extra: { amount: '1.00' } }));
    expect(res.body).toMatchObject({ result: 'ERROR', error_message: 'Payment not found.' });
    expect(res.calls).toEqual(['UpdateItem']);
    expect((await deps().payments.get(transId))?.version).toBe(2);
  });

  it("a wrong hash is refused by the reservation's condition: one round trip, the payment item unchanged", async () => {
    const transId = await sale();
    const before = await stored(transId);
    expect(before.fuv).toMatch(/^[0-9a-f]{64}$/);
    const res = await counted(transIdFields(merchant, 'CREDITVOID', transId, { email: 'someone@else.example', extra: { amount: '1.00' } }));
    expect(res.body).toMatchObject({ result: 'ERROR', error_message: 'Request data is invalid.' });
    expect(res.calls).toEqual(['UpdateItem']);
    expect(await stored(transId)).toEqual(before);
    // The right hash then refunds as usual.
    const ok = await counted(transIdFields(merchant, 'CREDITVOID', transId, { extra: { amount: '1.00' } }));
    expect(ok.calls).toEqual(['UpdateItem', 'PutItem']);
    expect((await deps().payments.get(transId))?.refundedAmount).toBe(100);
  });

  it("after the merchant's password is rotated, the right hash still acts: the read path, which stores a new verifier", async () => {
    const own = await testMerchant();
    const saleRes = await post(saleFields(own, { auth: 'Y' }));
    const transId = saleRes.body.trans_id as string;
    const stale = (await stored(transId)).fuv;
    const rotated = await deps().merchants.update(own.clientKey, { password: 'rotated-password-0123456789' });
    const next = { ...own, password: rotated.password };
    // The rotation dropped the cached configuration: its first request reads it again (a Query), not counted here.
    const payment = (calls: string[]) => calls.filter((c) => c !== 'Query');
    const wrong = await counted(transIdFields(own, 'CAPTURE', transId, { extra: { amount: '1.00' } }));
    expect(wrong.body).toMatchObject({ result: 'ERROR', error_message: 'Request data is invalid.' });
    expect(payment(wrong.calls)).toEqual(['UpdateItem']);
    const res = await counted(transIdFields(next, 'CAPTURE', transId, { extra: { amount: '1.00' } }));
    expect(res.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED', amount: '1.00' });
    expect(payment(res.calls)).toEqual(['UpdateItem', 'PutItem', 'PutItem']);
    const item = await stored(transId);
    expect(item.fuv).toMatch(/^[0-9a-f]{64}$/);
    expect(item.fuv).not.toBe(stale);
    const refund = await counted(transIdFields(next, 'CREDITVOID', transId, { extra: { amount: '1.00' } }));
    expect(refund.calls).toEqual(['UpdateItem', 'PutItem']);
  });
});
