/**
 * The chargebacks list reads its own index (DynamoDB Local): one entry per chargeback, put in the same transaction
 * as the payment's move to CHARGEBACK, listed newest first with a paged Query; each merchant sees only its own, and
 * another merchant's cursor starts its own list over. Both or neither: the chargeback hands its entry to the payment
 * write (`{ alongside }`), so a payment write that fails leaves no entry, an entry that cannot be put leaves the
 * payment as it was, and a console chargeback's audit entry joins the same write (a crash before it leaves none).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { consoleDeps, deps } from '../../../shared/entry/composition/deps.js';
import { recordChargeback } from '../../../shared/operations/chargebacks/chargeback.js';
import { audited } from '../../../shared/operations/console/audit.js';
import type { Principal } from '../../../shared/operations/console/roles.js';
import { TransactionItems } from '../../../shared/ports/transaction-items.js';
import { crashEveryWrite } from '../../support/write-crash.js';
import { testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { signInConsole, type ConsoleClient } from './support.js';
import { sale } from './payments.js';

const platform = usePlatform();
let shop: Merchant;
let noisy: Merchant;
let callbacks: MerchantServer;
let admin: ConsoleClient;
let stranger: ConsoleClient;

beforeAll(async () => {
  callbacks = await startMerchantServer();
  // Without a notification URL the chargeback is a lone Put; with one, a transaction with its callback.
  shop = await testMerchant();
  noisy = await testMerchant({ notificationUrl: callbacks.url });
  admin = await signInConsole(platform.url, 'admin@cb-index.example', 'merchant-admin', shop.clientKey);
  stranger = await signInConsole(platform.url, 'admin@cb-other.example', 'merchant-admin', noisy.clientKey);
});
afterAll(async () => {
  await callbacks?.close();
});

const entriesOf = async (clientKey: string) =>
  (
    await awsClients().ddb.send(
      new QueryCommand({
        TableName: platform.resources.tableName,
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': `CHARGEBACKS#${clientKey}` },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

describe('chargebacks index', () => {
  it('lists a merchant’s chargebacks newest first, paged, and only its own', async () => {
    const charged: string[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await sale(platform.url, shop, { orderId: `cb-${i}-${randomUUID()}` });
      await recordChargeback(deps(), { transId: s.trans_id, amount: '1.00', reasonCode: `48${30 + i}` });
      charged.push(s.trans_id);
    }
    const theirs = await sale(platform.url, noisy, { orderId: `cb-noisy-${randomUUID()}` });
    await recordChargeback(deps(), { transId: theirs.trans_id, amount: '2.00', reasonCode: '4837' });
    // A repeat of the same chargeback changes nothing: no second entry.
    await recordChargeback(deps(), { transId: charged[0]!, amount: '1.00', reasonCode: '4830' });
    expect(await entriesOf(shop.clientKey)).toHaveLength(3);

    const first = await admin.get('/chargebacks?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.payments.map((p: any) => p.transId)).toEqual([charged[2], charged[1]]);
    expect(first.body.payments[0]).toMatchObject({ status: 'CHARGEBACK', chargeback: { amount: '1.00', reasonCode: '4832' } });
    const second = await admin.get(`/chargebacks?limit=2&cursor=${first.body.cursor}`);
    expect(second.body.payments.map((p: any) => p.transId)).toEqual([charged[0]]);
    expect(second.body.cursor).toBeUndefined();

    const other = await stranger.get('/chargebacks');
    expect(other.body.payments.map((p: any) => p.transId)).toEqual([theirs.trans_id]);
    // The shop's cursor does not open the shop's partition to another merchant: its own list from the start.
    const borrowed = await stranger.get(`/chargebacks?cursor=${first.body.cursor}`);
    expect(borrowed.body.payments.map((p: any) => p.transId)).toEqual([theirs.trans_id]);
    // Another merchant answers like an unknown one.
    expect((await stranger.get(`/chargebacks?client_key=${shop.clientKey}`)).status).toBe(404);
    expect((await admin.get('/chargebacks?limit=0')).status).toBe(400);
  });

  it('both or neither: a failed payment write leaves no entry, an entry that cannot be put leaves the payment', async () => {
    const d = deps();
    const s = await sale(platform.url, noisy, { orderId: `cb-atomic-${randomUUID()}` });
    const payment = (await d.payments.get(s.trans_id))!;
    const before = (await entriesOf(noisy.clientKey)).length;
    const entry = d.chargebacks.entryItem({
      clientKey: noisy.clientKey,
      transId: payment.transId,
      chargebackId: randomUUID(),
      at: new Date().toISOString(),
    });

    // A stale version: the payment write fails, and the entry with it.
    const stale = TransactionItems.of(entry);
    await expect(d.payments.update({ ...payment, version: payment.version }, [], undefined, { alongside: stale })).rejects.toThrow();
    expect(stale.stored).toBe(false);
    expect(await entriesOf(noisy.clientKey)).toHaveLength(before);

    // The entry is there already: the payment write is undone with it.
    const first = TransactionItems.of(entry);
    await d.payments.update({ ...payment, version: payment.version + 1 }, [], undefined, { alongside: first });
    expect(first.stored).toBe(true);
    expect(await entriesOf(noisy.clientKey)).toHaveLength(before + 1);
    const now = (await d.payments.get(payment.transId))!;
    await expect(
      d.payments.update({ ...now, version: now.version + 1 }, [], undefined, { alongside: TransactionItems.of(entry) }),
    ).rejects.toThrow();
    expect((await d.payments.get(payment.transId))!.version).toBe(now.version);
  });

  it('a console chargeback stores the payment, its index entry and its audit entry in one write: a crash before it leaves none', async () => {
    const cx = consoleDeps();
    const operator: Principal = { email: 'ops@cb-index.example', role: 'operator', sourceIp: '127.0.0.1' };
    const s = await sale(platform.url, noisy, { orderId: `cb-crash-${randomUUID()}` });
    const auditedEntries = async () =>
      (await cx.audit.list(noisy.clientKey, { limit: 200 })).entries.filter((e) => e.target === s.trans_id);
    const indexed = async () => (await entriesOf(noisy.clientKey)).filter((i) => i.transId === s.trans_id);
    const sent = await crashEveryWrite(
      () =>
        audited(cx, operator, 'payment.chargeback', { clientKey: noisy.clientKey, target: s.trans_id, always: false }, (alongside) =>
          recordChargeback(cx.d, { transId: s.trans_id, amount: '1.00', reasonCode: '4853' }, { alongside }),
        ),
      async (completed) => {
        expect((await cx.d.payments.get(s.trans_id))!.status).toBe(completed ? 'CHARGEBACK' : 'SETTLED');
        expect(await indexed()).toHaveLength(completed ? 1 : 0);
        expect(await auditedEntries()).toHaveLength(completed ? 1 : 0);
      },
    );
    expect(sent).toEqual(['TransactWriteItemsCommand']);

    // The same chargeback again is a duplicate: it changes nothing, and the operation asked for no entry then.
    const again = await audited(
      cx,
      operator,
      'payment.chargeback',
      { clientKey: noisy.clientKey, target: s.trans_id, always: false },
      (alongside) => recordChargeback(cx.d, { transId: s.trans_id, amount: '1.00', reasonCode: '4853' }, { alongside }),
    );
    expect(again.duplicate).toBe(true);
    expect(await indexed()).toHaveLength(1);
    expect(await auditedEntries()).toHaveLength(1);
  });
});
