/**
 * A console change and its audit entry are one DynamoDB transaction (DynamoDB Local), because the operation hands the
 * entry to the store method that writes (`{ alongside }`, shared/ports/transaction-items.ts): both are stored, or
 * neither — a crash before any of the operation's writes leaves neither, a change whose condition fails leaves no
 * entry (and its adapter still sees ConditionalCheckFailedException), an entry that cannot be written leaves the
 * change undone. ReturnValues ALL_NEW still answers the changed item. A write that is not handed the entry never
 * carries it: nothing is attached behind the operation's back.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { keys } from '../../../shared/adapters/aws/table-keys.js';
import { consoleDeps } from '../../../shared/entry/composition/deps.js';
import { ValidationError } from '../../../shared/domain/errors.js';
import { audited } from '../../../shared/operations/console/audit.js';
import type { Principal } from '../../../shared/operations/console/roles.js';
import type { AuditEntry } from '../../../shared/ports/console-audit.js';
import { TransactionItems } from '../../../shared/ports/transaction-items.js';
import { testMerchant, usePlatform } from '../../support/platform.js';
import { crashEveryWrite } from '../../support/write-crash.js';

const platform = usePlatform();
let shop: Merchant;

beforeAll(async () => {
  shop = await testMerchant();
});

const operator: Principal = { email: 'ops@audit.example', role: 'operator', sourceIp: '127.0.0.1' };
const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: randomUUID(),
  at: new Date().toISOString(),
  actor: operator.email,
  role: 'operator',
  action: 'merchant.settings',
  clientKey: shop.clientKey,
  target: shop.clientKey,
  sourceIp: '127.0.0.1',
  ...over,
});
const entries = async () => (await consoleDeps().audit.list(shop.clientKey, { limit: 200 })).entries;
const entriesWith = async (id: string) => (await entries()).filter((e) => e.id === id);
const storedName = async () =>
  // From the table itself, not the directory's cache.
  (
    await awsClients().ddb.send(
      new GetCommand({ TableName: platform.resources.tableName, Key: keys.merchant(shop.clientKey), ConsistentRead: true }),
    )
  ).Item!.name;

describe('audit entry in the change’s transaction', () => {
  it('stores the change and its entry together, and the adapter still gets the changed item back', async () => {
    const cx = consoleDeps();
    const e = entry();
    const alongside = TransactionItems.of(cx.audit.entryItem(e));
    const result = await cx.d.merchants.update(shop.clientKey, { name: 'Renamed Shop' }, { alongside });
    expect(alongside.stored).toBe(true);
    expect(result.name).toBe('Renamed Shop');
    expect(await entriesWith(e.id)).toHaveLength(1);
  });

  it('a crash before any write of the operation leaves neither the change nor its entry', async () => {
    const cx = consoleDeps();
    const actions: string[] = [];
    const sent = await crashEveryWrite(
      (run) => {
        actions.push(`merchant.settings#${run}`);
        return audited(cx, operator, actions.at(-1)!, { clientKey: shop.clientKey, target: shop.clientKey }, (alongside) =>
          cx.d.merchants.update(shop.clientKey, { name: `Crash ${run}` }, { alongside }),
        );
      },
      async (completed, run) => {
        const logged = (await entries()).filter((e) => e.action === `merchant.settings#${run}`);
        expect(logged).toHaveLength(completed ? 1 : 0);
        expect(await storedName()).toBe(completed ? `Crash ${run}` : 'Renamed Shop');
      },
    );
    // The change and its entry are one write: there is no point between them to crash at.
    expect(sent).toEqual(['TransactWriteItemsCommand']);
  });

  it('a change whose condition fails leaves no entry, with the adapter’s own error', async () => {
    const cx = consoleDeps();
    const e = entry({ clientKey: shop.clientKey });
    const unknown = randomUUID();
    const alongside = TransactionItems.of(cx.audit.entryItem(e));
    await expect(cx.d.merchants.update(unknown, { name: 'Ghost' }, { alongside })).rejects.toBeInstanceOf(ValidationError);
    expect(alongside.stored).toBe(false);
    expect(await entriesWith(e.id)).toHaveLength(0);
  });

  it('an entry that cannot be written leaves the change undone', async () => {
    const cx = consoleDeps();
    const e = entry();
    await cx.audit.append(e);
    const before = await storedName();
    await expect(
      cx.d.merchants.update(shop.clientKey, { name: 'Never' }, { alongside: TransactionItems.of(cx.audit.entryItem(e)) }),
    ).rejects.toThrow();
    expect(await storedName()).toBe(before);
  });

  it('a write not handed the entry does not carry it: the operation decides whether it is stored on its own', async () => {
    const cx = consoleDeps();
    const about = { clientKey: shop.clientKey, target: shop.clientKey };
    // The change ignores its entry: a refused or unchanged change's entry is stored only if the caller asks.
    await audited(cx, operator, 'merchant.quiet', { ...about, always: false }, () =>
      cx.d.merchants.update(shop.clientKey, { name: 'Quiet' }),
    );
    expect((await entries()).filter((e) => e.action === 'merchant.quiet')).toHaveLength(0);
    await audited(cx, operator, 'merchant.asked', about, () => cx.d.merchants.update(shop.clientKey, { name: 'Asked' }));
    expect((await entries()).filter((e) => e.action === 'merchant.asked')).toHaveLength(1);
    expect(await storedName()).toBe('Asked');
  });
});
