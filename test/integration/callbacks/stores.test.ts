/**
 * The callback stores' conditional writes against DynamoDB Local: concurrent duplicates produce one effect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { DynamoCallbackSecrets } from '../../../shared/adapters/aws/dynamo-callback-secrets.js';
import { deps, callbackDeps } from '../../../shared/entry/composition/deps.js';
import type { DeliveryAttempt } from '../../../shared/domain/callback.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { SigningSecrets } from '../../../shared/operations/callbacks/signing-secrets.js';
import { sweepOutbox } from '../../../shared/operations/callbacks/sweep.js';
import { afterTimeout, pausedForMs } from '../../../shared/protocol/callbacks/url-pause.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { saleFields } from '../../support/s2s.js';
import { appendCallbacks, callbacksOf, eventIdOf } from './helpers.js';

const platform = usePlatform({ CALLBACK_SWEEP_GRACE_SECONDS: '0' });
let shop: MerchantServer;
let merchant: Merchant;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
});
afterAll(async () => {
  await shop?.close();
});

async function paymentWithUnsentCallback() {
  const res = await postForm(`${platform.url}/post`, saleFields(merchant));
  const transId = res.body.trans_id as string;
  await eventually(async () => ((await callbacksOf(transId))[0]?.delivery === 'DELIVERED' ? true : undefined));
  const [record] = await appendCallbacks(merchant, transId, ['CAPTURE']);
  const stored = (await callbacksOf(transId)).find((c) => c.seq === 2)!;
  return { transId, record: record!, stored };
}

describe('outbox', () => {
  it('gives a callback to exactly one of many concurrent consumers, and counts the attempt once', async () => {
    const { stored } = await paymentWithUnsentCallback();
    const ctx = callbackDeps();
    const now = new Date();
    const leases = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        ctx.outbox.claim(stored, { id: `lease-${i}`, until: new Date(now.getTime() + 10_000).toISOString(), now: now.toISOString() }),
      ),
    );
    const winners = leases.filter((l) => l !== undefined);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.attempts).toBe(1);
    // The winner's claim sent again (the SDK retrying a request whose answer was lost): still its lease, counted once.
    const again = await ctx.outbox.claim(stored, {
      id: winners[0]!.leaseId!,
      until: new Date(now.getTime() + 10_000).toISOString(),
      now: now.toISOString(),
    });
    expect(again).toMatchObject({ leaseId: winners[0]!.leaseId, attempts: 1 });

    const { eventId, transId, clientKey, seq, url } = stored;
    const attempt: DeliveryAttempt = {
      eventId,
      transId,
      clientKey,
      seq,
      url,
      attempt: 1,
      at: now.toISOString(),
      latencyMs: 5,
      outcome: 'DELIVERED',
      httpStatus: 200,
    };
    // Someone whose lease is not the current one cannot finish it (its POST is still logged).
    expect(await ctx.outbox.recordAttempt(stored, 'lease-none', attempt, { kind: 'delivered' })).toBe(false);
    expect((await ctx.outbox.get(stored))!.delivery).toBe('PENDING');
    expect(
      await ctx.outbox.recordAttempt(
        stored,
        winners[0]!.leaseId!,
        { ...attempt, attempt: 2, at: new Date(now.getTime() + 1).toISOString() },
        { kind: 'delivered' },
      ),
    ).toBe(true);
    expect(await ctx.outbox.get(stored)).toMatchObject({ delivery: 'DELIVERED', attempts: 1 });
    expect(await ctx.log.forPayment(stored.transId)).toHaveLength(1 + 2);
    // A delivered callback cannot be claimed again.
    expect(
      await ctx.outbox.claim(stored, { id: 'late', until: new Date(now.getTime() + 10_000).toISOString(), now: now.toISOString() }),
    ).toBeUndefined();
  });

  it('sweeps what was recorded and never sent, once, and the consumer delivers it', async () => {
    const { transId, record } = await paymentWithUnsentCallback();
    const ctx = callbackDeps();
    const first = await sweepOutbox(ctx);
    expect(first.requeued).toBeGreaterThanOrEqual(1);
    await eventually(() => shop.received.find((c) => eventIdOf(c) === record.eventId));
    await eventually(async () => ((await callbacksOf(transId)).every((c) => c.delivery === 'DELIVERED') ? true : undefined));
    // Delivered items leave the sweeper's list.
    expect((await ctx.outbox.due(new Date(Date.now() + 3600_000).toISOString(), 1000)).map((c) => c.eventId)).not.toContain(record.eventId);
    expect(shop.received.filter((c) => eventIdOf(c) === record.eventId)).toHaveLength(1);
  });
});

describe('URL health', () => {
  it('counts concurrent timeouts each exactly once (version-conditioned writes)', async () => {
    const ctx = callbackDeps();
    const policy = { timeouts: 5, windowSeconds: 300, pauseSeconds: 900 };
    const url = `https://merchant.example/${Math.random()}`;
    await Promise.all(Array.from({ length: 4 }, () => ctx.urlHealth.update(url, (h) => afterTimeout(h, new Date(), policy))));
    expect((await ctx.urlHealth.get(url)).timeoutsAt).toHaveLength(4);
    expect(pausedForMs(await ctx.urlHealth.get(url), new Date())).toBe(0);

    const other = `https://merchant.example/${Math.random()}`;
    await Promise.all(Array.from({ length: 5 }, () => ctx.urlHealth.update(other, (h) => afterTimeout(h, new Date(), policy))));
    const paused = await ctx.urlHealth.get(other);
    expect(pausedForMs(paused, new Date())).toBeGreaterThan(890_000);
    expect(paused.timeoutsAt).toEqual([]);
  });
});

describe('signing secrets', () => {
  it('creates one secret under concurrent first use and stores it only sealed', async () => {
    const d = deps();
    const fresh = () => new SigningSecrets(new DynamoCallbackSecrets(d.config.TABLE_NAME), d.secrets['merchant-secrets'], 0);
    const m = await testMerchant({ notificationUrl: shop.url });
    const got = await Promise.all(Array.from({ length: 5 }, () => fresh().get(m.clientKey, new Date())));
    expect(new Set(got.map((s) => s.current)).size).toBe(1);
    expect(got[0]!.current).toMatch(/^cbs_[0-9a-f]{64}$/);
    const raw = await awsClients().ddb.send(
      new GetCommand({ TableName: d.config.TABLE_NAME, Key: { pk: `MERCHANT#${m.clientKey}`, sk: 'CALLBACK_SECRET' } }),
    );
    expect(JSON.stringify(raw.Item)).not.toContain(got[0]!.current.slice(4));
    expect(raw.Item!.current).toMatch(/^v2\.merchant-secrets\./);
    // Sealed for this merchant only: another merchant's context does not open it.
    await expect(d.secrets['merchant-secrets'].open(raw.Item!.current as string, 'callback-secret:someone-else')).rejects.toThrow();
  });

  it('keeps the old secret valid until the overlap ends, then signs with the new one only', async () => {
    const d = deps();
    const secrets = new SigningSecrets(new DynamoCallbackSecrets(d.config.TABLE_NAME), d.secrets['merchant-secrets'], 0);
    const m = await testMerchant({ notificationUrl: shop.url });
    const t0 = new Date();
    const before = await secrets.get(m.clientKey, t0);
    const rotated = await secrets.rotate(m.clientKey, t0, 60);
    expect(await secrets.signingKeys(m.clientKey, new Date(t0.getTime() + 59_000))).toEqual([rotated.current, before.current]);
    expect(await secrets.signingKeys(m.clientKey, new Date(t0.getTime() + 61_000))).toEqual([rotated.current]);
  });
});
