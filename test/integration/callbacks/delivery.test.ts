/**
 * Callback delivery end to end: real gateway, DynamoDB Local, SQS (moto) with its redrive policy, and a real HTTP
 * listener playing the merchant. Retries use short delays (CALLBACK_RETRY_DELAYS_SECONDS) so the whole schedule
 * runs in seconds; the attempt count is the queue's real maxReceiveCount.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runCallbacksCommand } from '../../../scripts/admin/callbacks.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { QUEUES } from '../../../shared/lib/resources.js';
import { formula2 } from '../../../shared/protocol/signature.js';
import { verifySignatureHeader } from '../../../shared/protocol/callbacks/signature-header.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { callbacksSettled } from '../../support/drained.js';
import { SANDBOX_CARD, saleFields } from '../../support/s2s.js';
import { appendCallbacks, callbacksOf, eventIdOf, queueDepth } from './helpers.js';
import { callbackDeps } from '../../../shared/entry/composition/deps.js';

const DELAYS = [1, 1, 1, 1, 1, 2, 3];
const platform = usePlatform({ CALLBACK_RETRY_DELAYS_SECONDS: DELAYS.join(','), CALLBACK_SWEEP_GRACE_SECONDS: '1' });
const servers: MerchantServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function shopWithServer(): Promise<{ shop: MerchantServer; merchant: Merchant }> {
  const shop = await startMerchantServer();
  servers.push(shop);
  return { shop, merchant: await testMerchant({ notificationUrl: shop.url }) };
}

async function sale(merchant: Merchant, overrides: Record<string, string> = {}): Promise<string> {
  const res = await postForm(`${platform.url}/post`, saleFields(merchant, overrides));
  expect(res.status).toBe(200);
  return res.body.trans_id as string;
}

describe('healthy merchant', () => {
  it('gets every callback once, signed by Formula 2 and by the HMAC header, with a stable event id', async () => {
    const { shop, merchant } = await shopWithServer();
    const secret = (await runCallbacksCommand(['secret', merchant.clientKey])) as { current: string };
    const transIds = [
      await sale(merchant),
      await sale(merchant, { card_exp_month: '02' }),
      await sale(merchant, { auth: 'Y' }),
      await sale(merchant, { payer_email: 'other@example.com' }),
    ];
    // Every callback answered and the queue drained: a duplicate would have been delivered by now.
    await callbacksSettled(platform, transIds);

    for (const transId of transIds) {
      const got = shop.received.filter((c) => c.fields.trans_id === transId);
      expect(got).toHaveLength(1);
      const cb = got[0]!;
      const [stored] = await callbacksOf(transId);
      expect(stored).toMatchObject({ delivery: 'DELIVERED', attempts: 1, seq: 1 });
      expect(cb.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=utf-8');
      expect(eventIdOf(cb)).toBe(stored!.eventId);
      const email = transId === transIds[3] ? 'other@example.com' : 'doe@example.com';
      expect(cb.fields.hash).toBe(formula2({ email, password: merchant.password, transId, cardNumber: SANDBOX_CARD }));
      expect(
        verifySignatureHeader(cb.headers['x-callback-signature'] as string, cb.raw, [secret.current], Math.floor(Date.now() / 1000)),
      ).toBe(true);
      expect(
        verifySignatureHeader(cb.headers['x-callback-signature'] as string, cb.raw, ['not-the-secret'], Math.floor(Date.now() / 1000)),
      ).toBe(false);
    }
    expect(shop.received.map((c) => c.fields.status).sort()).toEqual(['DECLINED', 'PENDING', 'SETTLED', 'SETTLED']);

    const log = (await runCallbacksCommand(['log', merchant.clientKey])) as Array<Record<string, unknown>>;
    expect(log).toHaveLength(4);
    for (const entry of log) {
      expect(entry).toMatchObject({ clientKey: merchant.clientKey, outcome: 'DELIVERED', httpStatus: 200, attempt: 1, url: shop.url });
      expect(entry.latencyMs).toEqual(expect.any(Number));
      expect(transIds).toContain(entry.transId);
    }
  });

  it('signs with the old and the new secret while a rotation overlaps', async () => {
    const { shop, merchant } = await shopWithServer();
    const before = (await runCallbacksCommand(['secret', merchant.clientKey])) as { current: string };
    const rotated = (await runCallbacksCommand(['secret', merchant.clientKey, '--rotate'])) as { current: string; previous: string };
    expect(rotated.previous).toBe(before.current);
    expect(rotated.current).not.toBe(before.current);
    const transId = await sale(merchant);
    const cb = await eventually(() => shop.received.find((c) => c.fields.trans_id === transId));
    const now = Math.floor(Date.now() / 1000);
    const header = cb.headers['x-callback-signature'] as string;
    expect(verifySignatureHeader(header, cb.raw, [before.current], now)).toBe(true);
    expect(verifySignatureHeader(header, cb.raw, [rotated.current], now)).toBe(true);
  });
});

describe('merchant answering 500', () => {
  it('gets the retries on the schedule, then the message is dead-lettered, then a replay delivers it (in order)', async () => {
    const { shop, merchant } = await shopWithServer();
    let healthy = false;
    shop.respond = (_cb, res) => {
      res.writeHead(healthy ? 200 : 500, { 'content-type': 'text/plain' });
      res.end(healthy ? 'OK' : 'ERROR');
    };
    const transId = await sale(merchant);
    // A second state change of the same payment: it must wait behind the first callback, and fail with it.
    const [capture] = await appendCallbacks(merchant, transId, ['CAPTURE']);
    await callbackDeps().queue.send([{ transId, eventId: capture!.eventId, seq: capture!.seq }]);
    const attempts = QUEUES.callbacks.maxReceiveCount;
    expect(await runCallbacksCommand(['schedule'])).toMatchObject({ retryDelaysSeconds: DELAYS, attempts });
    await expect(runCallbacksCommand(['nonsense'])).rejects.toThrow('usage: npm run admin -- callbacks');
    await eventually(async () => ((await callbacksOf(transId)).every((c) => c.delivery === 'FAILED') ? true : undefined), 45_000);
    const tries = shop.received.filter((c) => c.fields.trans_id === transId);
    expect(tries).toHaveLength(attempts);
    expect(new Set(tries.map(eventIdOf))).toEqual(new Set([eventIdOf(tries[0]!)]));
    expect(eventIdOf(tries[0]!)).not.toBe(capture!.eventId);
    for (let i = 1; i < tries.length; i++) {
      // Each retry waits at least its delay (SQS may add polling time, never remove any).
      expect(tries[i]!.at - tries[i - 1]!.at).toBeGreaterThanOrEqual(DELAYS[i - 1]! * 1000 - 150);
    }
    await eventually(async () => ((await queueDepth(platform.resources.deadLetterQueueUrls.callbacks)) === 1 ? true : undefined), 10_000);
    // The CAPTURE's message may still be in a consumer's hands when the first one lands in the DLQ: it must leave the
    // queue (blocked behind a FAILED callback), not stay in it.
    await eventually(async () => ((await queueDepth(platform.resources.queueUrls.callbacks)) === 0 ? true : undefined), 15_000);

    const history = (await runCallbacksCommand(['payment', transId])) as Array<{
      seq: number;
      delivery: string;
      attempts: number;
      blockedBySeq?: number;
      attemptsLog: Array<Record<string, unknown>>;
    }>;
    expect(history[0]).toMatchObject({ seq: 1, delivery: 'FAILED', attempts });
    expect(history[0]!.attemptsLog.map((a) => [a.attempt, a.outcome, a.httpStatus, a.error])).toEqual(
      Array.from({ length: attempts }, (_, i) => [i + 1, 'FAILED', 500, 'HTTP 500']),
    );
    expect(history[1]).toMatchObject({ seq: 2, delivery: 'FAILED', attempts: 0, blockedBySeq: 1, attemptsLog: [] });
    const failed = (await runCallbacksCommand(['failed', merchant.clientKey])) as Array<{ transId: string; seq: number }>;
    expect(failed.map((f) => [f.transId, f.seq]).sort()).toEqual([
      [transId, 1],
      [transId, 2],
    ]);

    healthy = true;
    const replay = (await runCallbacksCommand(['replay-failed', merchant.clientKey])) as {
      replayed: Array<{ transId: string; seq: number }>;
      deadLettersRemoved: number;
    };
    expect(replay.replayed.map((r) => r.seq)).toEqual([1, 2]);
    expect(replay.deadLettersRemoved).toBe(1);
    await eventually(async () => ((await callbacksOf(transId)).every((c) => c.delivery === 'DELIVERED') ? true : undefined));
    const all = shop.received.filter((c) => c.fields.trans_id === transId);
    expect(all).toHaveLength(attempts + 2);
    expect(all.slice(attempts).map(eventIdOf)).toEqual([eventIdOf(all[0]!), capture!.eventId]);
    expect(await queueDepth(platform.resources.deadLetterQueueUrls.callbacks)).toBe(0);
    expect(await runCallbacksCommand(['failed', merchant.clientKey])).toEqual([]);
  }, 90_000);

  it('replays one delivered callback on request, with the same event id', async () => {
    const { shop, merchant } = await shopWithServer();
    const transId = await sale(merchant);
    await eventually(async () => ((await callbacksOf(transId))[0]?.delivery === 'DELIVERED' ? true : undefined));
    const replay = (await runCallbacksCommand(['replay', transId, '1'])) as { was: string; eventId: string };
    expect(replay.was).toBe('DELIVERED');
    await eventually(() => shop.received.filter((c) => c.fields.trans_id === transId).length === 2 || undefined);
    expect(shop.received.filter((c) => c.fields.trans_id === transId).map(eventIdOf)).toEqual([replay.eventId, replay.eventId]);
    await expect(runCallbacksCommand(['replay', transId, '9'])).rejects.toThrow('This value is not correct.');
  });
});

describe('order within a payment', () => {
  it('never delivers callback N before N-1, whatever the queue order and failures; nothing is lost', async () => {
    const { shop, merchant } = await shopWithServer();
    // Every callback fails its first attempt, so each one's retry overlaps its successors being queued.
    const seen = new Set<string>();
    const delivered: string[] = [];
    shop.respond = (cb, res) => {
      const id = eventIdOf(cb);
      const ok = seen.has(id);
      seen.add(id);
      if (ok) delivered.push(id);
      res.writeHead(ok ? 200 : 503);
      res.end(ok ? 'OK' : 'busy');
    };
    const ctx = callbackDeps();
    const payments = await Promise.all([0, 1, 2].map(() => sale(merchant)));
    const chains = new Map<string, string[]>();
    for (const transId of payments) {
      const later = await appendCallbacks(merchant, transId, ['CAPTURE', 'CREDITVOID', 'CREDITVOID', 'CHARGEBACK']);
      // Queued newest first: the consumer must put them back in order.
      await ctx.queue.send([...later].reverse().map((c) => ({ transId: c.transId, eventId: c.eventId, seq: c.seq })));
      chains.set(
        transId,
        (await callbacksOf(transId)).sort((a, b) => a.seq - b.seq).map((c) => c.eventId),
      );
    }
    await eventually(async () => {
      for (const transId of payments) if ((await callbacksOf(transId)).some((c) => c.delivery !== 'DELIVERED')) return undefined;
      return true;
    }, 60_000);

    for (const [transId, chain] of chains) {
      expect(chain).toHaveLength(5);
      // Delivered in seq order, each exactly once.
      expect(delivered.filter((id) => chain.includes(id))).toEqual(chain);
      // And no attempt of N was even made before N-1 was delivered.
      for (let n = 1; n < chain.length; n++) {
        const firstTryOfN = shop.received.findIndex((c) => eventIdOf(c) === chain[n]);
        const deliveryOfPrev = shop.received.findLastIndex((c) => eventIdOf(c) === chain[n - 1]);
        expect(firstTryOfN, `${transId} seq ${n + 1}`).toBeGreaterThan(deliveryOfPrev);
      }
    }
  }, 90_000);
});
