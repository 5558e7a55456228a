/**
 * The risk check on S2S CARD through the public endpoint (docs/risk.md): a scripted card-testing run from one address
 * is stopped by the defaults with no further acquirer call while a good card from another address still pays; the
 * IP's cool-down and the card's velocity windows end on the merchant's test clock, never by waiting; the sandbox's
 * documented test cards do not count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runClockCommand } from '../../../scripts/admin/clock.js';
import { silent } from '../../../scripts/admin/progress.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';
import { recordingSandbox, restoreConnectors } from '../../support/connectors.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { testCard } from '../../support/cards.js';
import { runRiskCommand } from '../../../scripts/admin/risk.js';

const platform = usePlatform();
let sandbox: ReturnType<typeof recordingSandbox>;
let server: MerchantServer;

beforeAll(async () => {
  server = await startMerchantServer();
  sandbox = recordingSandbox();
});
afterAll(async () => {
  restoreConnectors();
  await server?.close();
});

const DECLINES = { card_exp_month: '02' };

function pay(m: Merchant, card: string, ip: string, overrides: Record<string, string> = {}) {
  return postForm(`${platform.url}/post`, saleFields(m, { card_number: card, payer_ip: ip, ...overrides }));
}

/** The acquirer's pay calls for this merchant's orders so far. */
const acquirerCalls = (orders: Set<string>) => sandbox.pay.mock.calls.filter(([req]) => orders.has(req.orderId ?? '')).length;

const advance = (m: Merchant, by: string) => runClockCommand(['advance', '--by', by, '--merchant', m.clientKey], { progress: silent });

describe('card-testing guard (payer IP)', () => {
  it('stops an IP after 5 declined distinct cards, without asking the acquirer, and lets another address pay', async () => {
    const m = await testMerchant({ notificationUrl: server.url });
    const orders = new Set<string>();
    const run = async (card: string, ip: string, overrides: Record<string, string> = {}) => {
      const order_id = `ct-${orders.size}-${Math.random().toString(36).slice(2, 8)}`;
      orders.add(order_id);
      return pay(m, card, ip, { order_id, ...overrides });
    };
    for (let i = 0; i < 5; i++) {
      const res = await run(testCard(100 + i), '203.0.113.7', DECLINES);
      expect(res.body).toMatchObject({ result: 'DECLINED', decline_reason: 'Declined by processing.' });
    }
    expect(acquirerCalls(orders)).toBe(5);

    for (let i = 0; i < 5; i++) {
      const res = await run(testCard(200 + i), '203.0.113.7', DECLINES);
      expect(res.body).toMatchObject({ result: 'DECLINED', status: 'DECLINED', decline_reason: 'Declined by risk rules.' });
    }
    // Even a card that would pay is stopped from that address during the cool-down.
    const good = await run(testCard(300), '203.0.113.7');
    expect(good.body).toMatchObject({ result: 'DECLINED', decline_reason: 'Declined by risk rules.' });
    expect(acquirerCalls(orders)).toBe(5);

    const other = await run(testCard(301), '198.51.100.20');
    expect(other.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    expect(acquirerCalls(orders)).toBe(6);

    // The decision is on the payment, naming the control and the counter; the merchant gets its decline callback.
    const stored = await deps().payments.get(good.body.trans_id);
    expect(stored?.details.risk).toEqual({ control: 'card-testing', reason: expect.stringContaining('payer IP 203.0.113.7') });
    const cb = await eventually(() => server.received.find((c) => c.fields.trans_id === good.body.trans_id));
    expect(cb.fields).toMatchObject({ status: 'DECLINED', decline_reason: 'Declined by risk rules.' });
  });

  it('ends the cool-down after an hour on the test clock', async () => {
    const m = await testMerchant();
    for (let i = 0; i < 5; i++) await pay(m, testCard(400 + i), '203.0.113.8', DECLINES);
    expect((await pay(m, testCard(410), '203.0.113.8')).body.decline_reason).toBe('Declined by risk rules.');
    await advance(m, '59m');
    expect((await pay(m, testCard(411), '203.0.113.8')).body.decline_reason).toBe('Declined by risk rules.');
    await advance(m, '2m');
    expect((await pay(m, testCard(412), '203.0.113.8')).body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
  });

  it('does not count declines of distinct cards spread over more than the window', async () => {
    const m = await testMerchant();
    for (let i = 0; i < 4; i++) await pay(m, testCard(500 + i), '203.0.113.9', DECLINES);
    await advance(m, '11m');
    await pay(m, testCard(504), '203.0.113.9', DECLINES);
    expect((await pay(m, testCard(505), '203.0.113.9')).body).toMatchObject({ result: 'SUCCESS' });
  });

  it('does not count the sandbox test cards', async () => {
    const m = await testMerchant();
    for (let i = 0; i < 7; i++) {
      const res = await pay(m, '4111111111111111', '203.0.113.10', DECLINES);
      expect(res.body.decline_reason).toBe('Declined by processing.');
    }
    expect((await pay(m, '4111111111111111', '203.0.113.10')).body).toMatchObject({ result: 'SUCCESS' });
  });
});

describe('velocity per card', () => {
  it('declines a card after 3 declines in an hour, from any address, until the hour passed', async () => {
    const m = await testMerchant();
    const card = testCard(600);
    for (let i = 0; i < 3; i++)
      expect((await pay(m, card, `192.0.2.${i + 1}`, DECLINES)).body.decline_reason).toBe('Declined by processing.');
    const fourth = await pay(m, card, '192.0.2.50');
    expect(fourth.body).toMatchObject({ result: 'DECLINED', decline_reason: 'Declined by risk rules.' });
    expect((await deps().payments.get(fourth.body.trans_id))?.details.risk).toEqual({
      control: 'card-velocity',
      reason: expect.stringContaining('card declines: 3'),
    });
    await advance(m, '61m');
    expect((await pay(m, card, '192.0.2.50')).body).toMatchObject({ result: 'SUCCESS' });
  });

  it('declines the 11th attempt of a card within an hour', async () => {
    const m = await testMerchant();
    const card = testCard(700);
    for (let i = 0; i < 10; i++) expect((await pay(m, card, '192.0.2.60')).body).toMatchObject({ result: 'SUCCESS' });
    const eleventh = await pay(m, card, '192.0.2.60');
    expect(eleventh.body).toMatchObject({ result: 'DECLINED', decline_reason: 'Declined by risk rules.' });
    expect((await deps().payments.get(eleventh.body.trans_id))?.details.risk?.reason).toContain('card attempts: 11 in 3600 s (limit 10)');
  });
});

describe('thresholds per merchant (admin CLI)', () => {
  it("applies a merchant's own card-testing threshold and cool-down, and refuses a window the counters cannot hold", async () => {
    const m = await testMerchant();
    const set = (await runRiskCommand(['settings', 'set', m.clientKey, '--ip-cards', '2', '--cooldown', '10m'])) as {
      thresholds: Record<string, number>;
    };
    expect(set.thresholds).toMatchObject({ ipDeclinedCards: 2, cooldownSeconds: 600, cardAttempts: 10 });
    for (let i = 0; i < 2; i++)
      expect((await pay(m, testCard(800 + i), '203.0.113.11', DECLINES)).body.decline_reason).toBe('Declined by processing.');
    expect((await pay(m, testCard(802), '203.0.113.11')).body.decline_reason).toBe('Declined by risk rules.');
    await advance(m, '11m');
    expect((await pay(m, testCard(803), '203.0.113.11')).body).toMatchObject({ result: 'SUCCESS' });

    await expect(runRiskCommand(['settings', 'set', m.clientKey, '--card-window', '25h'])).rejects.toThrow(
      'cardWindowSeconds: at most 86400 s (24 h)',
    );
    const shown = (await runRiskCommand(['settings', 'show', m.clientKey])) as { overrides: Record<string, number> };
    expect(shown.overrides).toEqual({ ipDeclinedCards: 2, cooldownSeconds: 600 });
    const reset = (await runRiskCommand(['settings', 'set', m.clientKey, '--reset'])) as { thresholds: Record<string, number> };
    expect(reset.thresholds.ipDeclinedCards).toBe(5);
  });
});
