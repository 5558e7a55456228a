/**
 * Stuck sessions: an attempt that crashed mid-way leaves its session `processing`. While the attempt's lease runs the
 * page says the payment is being processed; after it the page resolves the session from the payment record (or opens
 * it again when no payment was written). The crash is played by rewriting the stored session as the crashed attempt
 * would have left it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { eventually, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { callbacksSettled } from '../../support/drained.js';
import { card, continueLink, createSession, get, postPage, returnHash, returnQuery, storedSession } from './support.js';

const platform = usePlatform();
let merchant: Merchant;
let shop: MerchantServer;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
});
afterAll(async () => {
  await shop?.close();
});

const callbacks = (id: string) => shop.received.filter((c) => c.fields.id === id).map((c) => c.fields);
const past = () => new Date(Date.now() - 1000).toISOString();
const future = () => new Date(Date.now() + 60_000).toISOString();

describe('the attempt lease', () => {
  it('claims the session with a 60 s lease when the payer submits, and drops it with the next state', async () => {
    const { url } = await createSession(platform.url, merchant);
    // Watch the session writes the page makes (the platform runs in this process on the same deps).
    const store = deps().checkoutSessions;
    const update = store.update.bind(store);
    const written: Array<{ state: string; leaseUntil?: string; at: number }> = [];
    store.update = async (next) => {
      written.push({ state: next.state, leaseUntil: next.leaseUntil, at: Date.now() });
      return update(next);
    };
    try {
      await postPage(`${url}/pay`, card('05/38'));
      await postPage(`${url}/3ds`, {});
    } finally {
      store.update = update;
    }
    expect(written.map((w) => w.state)).toEqual(['processing', 'challenge', 'processing', 'completed']);
    for (const w of written) {
      if (w.state !== 'processing') expect(w.leaseUntil).toBeUndefined();
      else expect(Date.parse(w.leaseUntil!) - w.at).toBeGreaterThan(55_000);
    }
  });

  it('says "being processed" while the lease runs; after it, a session whose attempt wrote no payment opens again', async () => {
    const { url, order } = await createSession(platform.url, merchant);
    const stuck = await storedSession(url);
    await stuck.rewrite({ state: 'processing', leaseUntil: future() });
    const busy = await get(url);
    expect(busy.status).toBe(409);
    expect(busy.html).toContain('This payment is already being processed.');
    expect((await postPage(`${url}/pay`, card('01/38'))).status).toBe(409);
    expect(await deps().payments.get(stuck.session.paymentId)).toBeUndefined();

    const crashed = await storedSession(url);
    await crashed.rewrite({ leaseUntil: past() });
    const reopened = await get(url);
    expect(reopened.status).toBe(200);
    expect(reopened.html).toContain('id="pay-form"');
    expect((await storedSession(url)).session.state).toBe('open');

    const paid = await postPage(`${url}/pay`, card('01/38'));
    expect(paid.html).toContain('Payment successful');
    const q = returnQuery(paid.html);
    // The retried attempt is the session's payment: the same payment_id the crashed one would have used.
    expect(q.payment_id).toBe(stuck.session.paymentId);
    expect(q.hash).toBe(returnHash(merchant, q.payment_id!, order));
    await eventually(() => callbacks(q.payment_id!)[0]);
  });

  it('resolves a session whose attempt wrote the payment but died before the session write: the payer returns, no second charge', async () => {
    const { url, order } = await createSession(platform.url, merchant);
    const paid = await postPage(`${url}/pay`, card('01/38'));
    const paymentId = returnQuery(paid.html).payment_id!;
    await eventually(() => callbacks(paymentId)[0]);
    // As if the last session write (processing → completed) never happened.
    const s = await storedSession(url);
    await s.rewrite({ state: 'processing', leaseUntil: past(), transId: undefined });

    const page = await get(url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Payment successful');
    const q = returnQuery(page.html);
    expect(q.payment_id).toBe(paymentId);
    expect(q.hash).toBe(returnHash(merchant, paymentId, order));
    expect((await storedSession(url)).session).toMatchObject({ state: 'completed', transId: paymentId });
    expect((await get(url)).status).toBe(410);
    await callbacksSettled(platform, [paymentId]);
    expect(callbacks(paymentId)).toHaveLength(1);
    expect((await deps().payments.get(paymentId))?.history.filter((h) => h.type === 'SALE')).toHaveLength(1);
  });

  it('shows a declined outcome the same way (to cancel_url with the reason)', async () => {
    const { url } = await createSession(platform.url, merchant);
    const paymentId = returnQuery((await postPage(`${url}/pay`, card('02/38'))).html).payment_id!;
    await (await storedSession(url)).rewrite({ state: 'processing', leaseUntil: past() });
    const page = await get(url);
    expect(page.html).toContain('Payment declined');
    expect(page.html).toContain('Declined by processing.');
    expect(returnQuery(page.html).payment_id).toBe(paymentId);
  });

  it('brings a crashed 3DS submit back to the 3DS step, which then completes once', async () => {
    const { url } = await createSession(platform.url, merchant);
    expect((await postPage(`${url}/pay`, card('05/38'))).status).toBe(303);
    // The payer's confirm claimed the session and crashed before asking the acquirer.
    await (await storedSession(url)).rewrite({ state: 'processing', leaseUntil: past() });
    const step = await get(url);
    expect(step.html).toContain('3-D Secure');
    expect((await storedSession(url)).session.state).toBe('challenge');
    const done = await postPage(`${url}/3ds`, {});
    expect(done.html).toContain('Payment successful');
    const paymentId = returnQuery(done.html).payment_id!;
    // The step's two callbacks and the outcome's, each once (§5.3): waiting for the first callback alone raced the
    // others, which long-polled delivery now often brings together.
    await eventually(() => callbacks(paymentId).find((c) => c.type === 'sale'));
    expect(callbacks(paymentId).map((c) => `${c.type}/${c.status}/${c.order_status}`)).toEqual([
      '3ds/waiting/3ds',
      '3ds/success/3ds',
      'sale/success/settled',
    ]);
  });

  it('sends a 3DS completion whose outcome is unknown to error_url', async () => {
    const { url } = await createSession(platform.url, merchant);
    await postPage(`${url}/pay`, card('05/38'));
    const { session } = await storedSession(url);
    // The completion reserved its attempt on the payment (waiting) and died while the acquirer had it.
    const d = deps();
    const payment = (await d.payments.get(session.paymentId))!;
    await d.payments.update(
      {
        ...payment,
        version: payment.version + 1,
        history: [
          ...payment.history,
          { id: d.newId(), type: 'SALE', status: 'waiting', date: new Date().toISOString(), amount: payment.amount },
        ],
      },
      [],
    );
    await (await storedSession(url)).rewrite({ state: 'processing', leaseUntil: past() });
    const page = await get(url);
    expect(page.html).toContain('Payment not completed');
    expect(new URL(continueLink(page.html)!.href).pathname).toBe('/error');
  });

  it('lets one of several tabs resolve a stuck session', async () => {
    const { url } = await createSession(platform.url, merchant);
    await (await storedSession(url)).rewrite({ state: 'processing', leaseUntil: past() });
    const pages = await Promise.all([1, 2, 3, 4].map(() => get(url)));
    const forms = pages.filter((p) => p.status === 200 && p.html.includes('id="pay-form"'));
    expect(forms.length).toBeGreaterThanOrEqual(1);
    for (const p of pages) expect([200, 409]).toContain(p.status);
    // Whatever the tabs saw, the session is open once and pays once.
    const results = await Promise.all([1, 2, 3].map(() => postPage(`${url}/pay`, card('01/38'))));
    expect(results.filter((r) => r.html.includes('Payment successful'))).toHaveLength(1);
  });

  it('expires a stuck session with no payment once both its lease and the session are over', async () => {
    const { url } = await createSession(platform.url, merchant, { expiry_url: 'https://shop.example/expired' });
    await (await storedSession(url)).rewrite({ state: 'processing', leaseUntil: past(), expiresAt: past() });
    const page = await get(url);
    expect(new URL(continueLink(page.html)!.href).pathname).toBe('/expired');
    expect((await get(url)).status).toBe(410);
  });
});
