/**
 * A scripted card-testing run on the hosted Checkout page (docs/risk.md): many distinct cards from one address are
 * stopped by the defaults with no further acquirer call; a good card from another address still pays. The payer's
 * address on the page is the caller's, so the scripted payer connects from distinct loopback addresses.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { eventually, testMerchant, usePlatform } from '../../support/platform.js';
import { recordingSandbox, restoreConnectors } from '../../support/connectors.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { testCard } from '../../support/cards.js';
import { card, createSession } from '../checkout/support.js';

const platform = usePlatform();
let sandbox: ReturnType<typeof recordingSandbox>;
let shop: MerchantServer;
let merchant: Merchant;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
  sandbox = recordingSandbox();
});
afterAll(async () => {
  restoreConnectors();
  await shop?.close();
});

/** The payer submits the page's card form from `from` (a loopback address of its own). */
function payFrom(pageUrl: string, fields: Record<string, string>, from: string): Promise<string> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      `${pageUrl}/pay`,
      {
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function pay(number: string, expiry: string, from: string) {
  const { url, order } = await createSession(platform.url, merchant);
  return { html: await payFrom(url, card(expiry, { card_number: number }), from), order: order.number };
}

const callsFor = (orders: string[]) => sandbox.pay.mock.calls.filter(([req]) => orders.includes(req.orderId ?? '')).length;

it('stops a card-testing run from one address on the hosted page; another address still pays', async () => {
  const orders: string[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await pay(testCard(900 + i), '02/38', '127.0.0.3');
    orders.push(res.order);
    expect(res.html).toContain('Declined by processing.');
  }
  expect(callsFor(orders)).toBe(5);
  for (let i = 0; i < 3; i++) {
    const res = await pay(testCard(910 + i), '01/38', '127.0.0.3');
    orders.push(res.order);
    expect(res.html).toContain('Payment declined');
    expect(res.html).toContain('Declined by risk rules.');
  }
  expect(callsFor(orders)).toBe(5);

  const other = await pay(testCard(920), '01/38', '127.0.0.4');
  orders.push(other.order);
  expect(other.html).toContain('Payment successful');
  expect(callsFor(orders)).toBe(6);

  // The blocked payment's decision is recorded, and the merchant's callback reports the decline.
  const { payments } = await deps().payments.listForMerchant(merchant.clientKey, { status: 'DECLINED', limit: 10 });
  const blocked = payments.find((p) => p.orderId === orders[5]);
  expect(blocked?.details.risk).toEqual({ control: 'card-testing', reason: expect.stringContaining('payer IP 127.0.0.3') });
  const cb = await eventually(() => shop.received.find((c) => c.fields.order_number === orders[5]));
  expect(cb.fields).toMatchObject({ status: 'fail', order_status: 'decline', reason: 'Declined by risk rules.' });
});
