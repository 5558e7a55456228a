/**
 * A merchant's waiting long polls on DynamoDB: at most MAX_WAITING_POLLS at once, each freed by its own release or
 * when its claim ends; and through the route, a poll beyond them answers at once while the others still wait.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoLongPollSlots } from '../../../shared/adapters/aws/dynamo-long-poll-slots.js';
import { MAX_WAITING_POLLS } from '../../../shared/operations/merchant-api/next-callbacks.js';
import { signRequest } from '../../../shared/protocol/merchant-api/request-signature.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddbClient } from '../../../shared/adapters/aws/aws-clients.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { saleFields } from '../../support/s2s.js';

const platform = usePlatform();
let slots: DynamoLongPollSlots;
let shop: MerchantServer;

beforeAll(async () => {
  shop = await startMerchantServer();
  slots = new DynamoLongPollSlots(platform.resources.tableName, MAX_WAITING_POLLS);
});
afterAll(async () => {
  await shop?.close();
});

const at = (s: number) => new Date(Date.parse('2026-12-07T10:00:00Z') + s * 1000).toISOString();

describe('DynamoLongPollSlots', () => {
  it('gives out two slots per merchant; a release or an ended claim frees one', async () => {
    const ck = `ck-${Math.random().toString(36).slice(2)}`;
    expect(await slots.claim(ck, at(25), at(0))).toBe(0);
    expect(await slots.claim(ck, at(25), at(0))).toBe(1);
    expect(await slots.claim(ck, at(25), at(0))).toBeUndefined();
    expect(await slots.claim('another-merchant', at(25), at(0))).toBe(0);
    await slots.release(ck, 1, at(25));
    expect(await slots.claim(ck, at(26), at(1))).toBe(1);
    // A release of a claim that is no longer the slot's changes nothing.
    await slots.release(ck, 1, at(25));
    expect(await slots.claim(ck, at(27), at(2))).toBeUndefined();
    // Slot 0's claim ended at 25 s (its holder crashed): free again after it.
    expect(await slots.claim(ck, at(60), at(30))).toBe(0);
  });
});

describe('GET /api/v1/merchant/callbacks/next with wait', () => {
  const next = (m: Merchant, query: string) => {
    const path = '/api/v1/merchant/callbacks/next';
    const headers = signRequest(m.clientKey, m.password, { method: 'GET', path, query, body: '' });
    return fetch(`${platform.url}${path}?${query}`, { headers }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
  };

  it("a merchant's third waiting poll answers at once, with an empty page, while two wait", async () => {
    const m = await testMerchant({ notificationUrl: shop.url });
    const waiting = [next(m, 'wait=20'), next(m, 'wait=20')];
    let settled = 0;
    for (const w of waiting) void w.then(() => settled++);
    // Once both hold their slots (the item shows two claims), the third finds none: it answers while they wait.
    await eventually(async () => {
      const item = (
        await ddbClient().send(
          new GetCommand({ TableName: platform.resources.tableName, Key: { pk: `MERCHANT#${m.clientKey}`, sk: 'LONG_POLLS' } }),
        )
      ).Item;
      return item?.s0 && item?.s1 ? true : undefined;
    });
    const third = await next(m, 'wait=20');
    expect(third.status).toBe(200);
    expect(third.body.events).toEqual([]);
    expect(settled).toBe(0);
    // A callback logged for the merchant ends both waits, each with it.
    await postForm(`${platform.url}/post`, saleFields(m));
    for (const w of await Promise.all(waiting)) expect(w.body.events.length).toBeGreaterThan(0);
  });
});
