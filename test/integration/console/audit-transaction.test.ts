/**
 * A console change and its audit entry are one DynamoDB transaction (DynamoDB Local): both are stored, or neither —
 * a change whose condition fails leaves no entry (and its adapter still sees ConditionalCheckFailedException), and
 * an entry that cannot be written leaves the change undone. ReturnValues ALL_NEW still answers the changed item.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../../../scripts/local/platform.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { awsClients } from '../../../shared/adapters/aws-clients.js';
import { keys } from '../../../shared/adapters/table-keys.js';
import { consoleDeps } from '../../../shared/deps.js';
import { ValidationError } from '../../../shared/errors.js';
import type { AuditEntry } from '../../../shared/ports/console-audit.js';
import { startTestPlatform, testMerchant } from '../../support/platform.js';

let platform: RunningPlatform;
let shop: Merchant;

beforeAll(async () => {
  platform = await startTestPlatform();
  shop = await testMerchant();
});
afterAll(async () => {
  await platform?.stop();
});

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: randomUUID(),
  at: new Date().toISOString(),
  actor: 'ops@audit.example',
  role: 'operator',
  action: 'merchant.settings',
  clientKey: shop.clientKey,
  target: shop.clientKey,
  sourceIp: '127.0.0.1',
  ...over,
});
const entriesWith = async (id: string) => (await consoleDeps().audit.list(shop.clientKey, { limit: 200 })).entries.filter((e) => e.id === id);

describe('audit entry in the change’s transaction', () => {
  it('stores the change and its entry together, and the adapter still gets the changed item back', async () => {
    const cx = consoleDeps();
    const e = entry();
    const { result, written } = await cx.audit.withChange(e, { merchant: shop.clientKey }, () => cx.d.merchants.update(shop.clientKey, { name: 'Renamed Shop' }));
    expect(written).toBe(true);
    expect(result.name).toBe('Renamed Shop');
    expect(await entriesWith(e.id)).toHaveLength(1);
  });

  it('a change whose condition fails leaves no entry, with the adapter’s own error', async () => {
    const cx = consoleDeps();
    const e = entry({ clientKey: shop.clientKey });
    const unknown = randomUUID();
    const failing = cx.audit.withChange(e, { merchant: unknown }, () => cx.d.merchants.update(unknown, { name: 'Ghost' }));
    await expect(failing).rejects.toBeInstanceOf(ValidationError);
    expect(await entriesWith(e.id)).toHaveLength(0);
  });

  it('an entry that cannot be written leaves the change undone', async () => {
    const cx = consoleDeps();
    const e = entry();
    await cx.audit.append(e);
    const before = (await awsClients().ddb.send(new GetCommand({ TableName: platform.resources.tableName, Key: keys.merchant(shop.clientKey), ConsistentRead: true }))).Item!.name;
    await expect(cx.audit.withChange(e, { merchant: shop.clientKey }, () => cx.d.merchants.update(shop.clientKey, { name: 'Never' }))).rejects.toThrow();
    // Read from the table itself, not the directory's cache.
    const stored = await awsClients().ddb.send(new GetCommand({ TableName: platform.resources.tableName, Key: keys.merchant(shop.clientKey), ConsistentRead: true }));
    expect(stored.Item!.name).toBe(before);
  });

  it('writes to other items pass untouched; with no write to the item nothing is attached', async () => {
    const cx = consoleDeps();
    const e = entry();
    const { written } = await cx.audit.withChange(e, { merchant: randomUUID() }, () => cx.d.merchants.update(shop.clientKey, { name: 'Other Item' }));
    expect(written).toBe(false);
    expect(await entriesWith(e.id)).toHaveLength(0);
  });
});
