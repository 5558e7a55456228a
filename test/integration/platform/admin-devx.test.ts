/**
 * The Stripe-CLI-like admin commands, run against a real local platform: `callbacks listen` forwards every callback
 * as sent to a local URL with one line per delivery attempt; `payments list` / `payments show` as tables and --json;
 * errors say what to do next.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { runCallbacksCommand } from '../../../scripts/admin/callbacks.js';
import { runPaymentsCommand } from '../../../scripts/admin/payments.js';
import { callbackHmac, parseSignatureHeader } from '../../../shared/protocol/callbacks/signature-header.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { saleFields } from '../../support/s2s.js';
import { callbackDeps } from '../../../shared/entry/composition/deps.js';

const platform = usePlatform({ CALLBACK_RETRY_DELAYS_SECONDS: '1' });
let merchant: Merchant;
let shop: MerchantServer;
let laptop: MerchantServer;
const sale = async (extra: Record<string, string> = {}) =>
  (await postForm(`${platform.url}/post`, saleFields(merchant, extra) as never)).body;

beforeAll(async () => {
  shop = await startMerchantServer();
  laptop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
});
afterAll(async () => {
  await Promise.all([shop?.close(), laptop?.close()]);
});

function startListening(forwardTo: string) {
  const lines: string[] = [];
  const stop = new AbortController();
  const done = runCallbacksCommand(['listen', '--merchant', merchant.clientKey, '--forward-to', forwardTo], {
    print: (l) => lines.push(l),
    signal: stop.signal,
  });
  return { lines, stop: async () => (stop.abort(), done) };
}

describe('callbacks listen', () => {
  it('forwards each callback as sent (body and headers) and prints one line per attempt', async () => {
    const listener = startListening(`${laptop.url}/webhooks`);
    await eventually(() => listener.lines.some((l) => l.startsWith('Ready!')) || undefined);
    const paid = await sale();
    const forwarded = await eventually(() => laptop.received.find((c) => c.fields.trans_id === paid.trans_id));
    const sent = shop.received.find((c) => c.fields.trans_id === paid.trans_id)!;
    expect(forwarded.raw).toBe(sent.raw);
    expect(forwarded.headers['content-type']).toBe(sent.headers['content-type']);
    expect(forwarded.headers['x-callback-event-id']).toBe(sent.headers['x-callback-event-id']);
    // Signed like the platform signs: the merchant's secret over "<t>.<body>", with a fresh timestamp.
    const { current } = await callbackDeps().secrets.get(merchant.clientKey, new Date());
    const sig = parseSignatureHeader(forwarded.headers['x-callback-signature'] as string)!;
    expect(sig.signatures).toContain(callbackHmac(current, sig.timestamp, forwarded.raw));
    expect(Math.abs(sig.timestamp - Date.now() / 1000)).toBeLessThan(60);
    const line = await eventually(() => listener.lines.find((l) => l.includes(paid.trans_id)));
    expect(line).toMatch(/--> SALE SETTLED trans_id=\S+ seq=1 attempt=1 \[[\w-]+\] {2}platform: DELIVERED 200 {2}forward: \[200\] \d+ ms/);

    // The merchant's endpoint fails once: both attempts are printed; the event is forwarded once.
    let failures = 1;
    shop.respond = (_cb, res) => {
      const fail = failures-- > 0;
      res.writeHead(fail ? 500 : 200).end(fail ? 'ERROR' : 'OK');
    };
    const retried = await sale();
    const attempts = await eventually(() => {
      const mine = listener.lines.filter((l) => l.includes(retried.trans_id));
      return mine.length === 2 ? mine : undefined;
    }, 20_000);
    expect(attempts[0]).toMatch(/attempt=1 .*platform: FAILED HTTP 500 {2}forward: \[200\]/);
    expect(attempts[1]).toMatch(/attempt=2 .*platform: DELIVERED 200 {2}forward: retry, not forwarded again/);
    expect(laptop.received.filter((c) => c.fields.trans_id === retried.trans_id)).toHaveLength(1);
    expect(await listener.stop()).toBe('Stopped: 2 callback(s) forwarded, 3 delivery attempt(s) seen.');
  }, 40_000);

  it('says when nothing listens on the forward URL, and keeps going', async () => {
    const port = await closedPort();
    const listener = startListening(`http://127.0.0.1:${port}/webhooks`);
    await eventually(() => listener.lines.some((l) => l.startsWith('Ready!')) || undefined);
    const paid = await sale();
    const line = await eventually(() => listener.lines.find((l) => l.includes(paid.trans_id)));
    expect(line).toContain(`forward: [ERR] connection refused: is your server listening on http://127.0.0.1:${port}/webhooks?`);
    await listener.stop();
  });

  it('errors say what to do next', async () => {
    await expect(runCallbacksCommand(['listen', '--merchant', 'nope', '--forward-to', laptop.url])).rejects.toThrow(
      'npm run admin -- merchants list',
    );
    await expect(runCallbacksCommand(['listen', '--merchant', merchant.clientKey, '--forward-to', 'localhost:4242'])).rejects.toThrow(
      'Example: --forward-to http://localhost:4242/webhooks',
    );
    await expect(runCallbacksCommand(['listen', '--merchant', merchant.clientKey])).rejects.toThrow(
      'example: npm run admin -- callbacks listen',
    );
    expect(await runCallbacksCommand(['listen', '--help'])).toContain('example:');
  });
});

describe('payments list and show', () => {
  it('lists the merchant’s payments newest first, filtered by status and time, as a table or JSON', async () => {
    const declined = await sale({ card_exp_month: '02' });
    const settled = await sale();
    const all = (await runPaymentsCommand(['list', '--merchant', merchant.clientKey, '--json'])) as any;
    expect(all.payments[0]).toMatchObject({
      transId: settled.trans_id,
      status: 'SETTLED',
      action: 'SALE',
      amount: expect.any(String),
      card: expect.stringContaining('****'),
    });
    expect(all.payments[1]).toMatchObject({ transId: declined.trans_id, status: 'DECLINED' });
    const onlyDeclined = (await runPaymentsCommand(['list', '--merchant', merchant.clientKey, '--status', 'declined', '--json'])) as any;
    expect(onlyDeclined.payments.map((p: any) => p.transId)).toEqual([declined.trans_id]);
    expect((await runPaymentsCommand(['list', '--merchant', merchant.clientKey, '--since', '1h', '--json'])) as any).toMatchObject({
      payments: expect.arrayContaining([expect.objectContaining({ transId: settled.trans_id })]),
    });
    expect(await runPaymentsCommand(['list', '--merchant', merchant.clientKey, '--since', '2999-01-01'])).toBe(
      'No payments since 2999-01-01T00:00:00.000Z.',
    );
    const limited = (await runPaymentsCommand(['list', '--merchant', merchant.clientKey, '--limit', '1', '--json'])) as any;
    expect(limited).toMatchObject({ payments: [expect.objectContaining({ transId: settled.trans_id })], more: true });
    const table = (await runPaymentsCommand(['list', '--merchant', merchant.clientKey])) as string;
    expect(table.split('\n')[0]).toMatch(/^CREATED\s+TRANS_ID\s+ACTION\s+STATUS\s+AMOUNT\s+ORDER_ID\s+CARD$/);
    expect(table).toContain(settled.trans_id);
    // The card number never appears, only its masked form.
    expect(table).not.toContain('4111111111111111');
  });

  it('shows a payment with its timeline of transactions and callback deliveries', async () => {
    const paid = await sale();
    await eventually(() => shop.received.find((c) => c.fields.trans_id === paid.trans_id));
    const shown = await eventually(async () => {
      const s = (await runPaymentsCommand(['show', paid.trans_id, '--json'])) as any;
      return s.timeline.some((e: any) => e.kind === 'callback' && e.result.startsWith('DELIVERED')) ? s : undefined;
    });
    expect(shown.payment).toMatchObject({ transId: paid.trans_id, status: 'SETTLED', clientKey: merchant.clientKey });
    expect(shown.timeline[0]).toMatchObject({
      kind: 'transaction',
      what: expect.stringMatching(/^SALE \d+\.\d{2} USD$/),
      result: 'success',
    });
    expect(shown.timeline.at(-1)).toMatchObject({
      kind: 'callback',
      what: expect.stringContaining(`#1 SALE SETTLED → ${shop.url}`),
      result: expect.stringMatching(/^DELIVERED 200 in \d+ ms$/),
    });
    const table = (await runPaymentsCommand(['show', paid.trans_id])) as string;
    expect(table).toContain('Timeline');
    expect(table).toMatch(/TIME\s+KIND\s+WHAT\s+RESULT/);
  });

  it('errors say what to do next', async () => {
    await expect(runPaymentsCommand(['show', 'no-such-trans'])).rejects.toThrow('npm run admin -- payments list --merchant CLIENT_KEY');
    await expect(runPaymentsCommand(['list'])).rejects.toThrow('npm run admin -- merchants list');
    await expect(runPaymentsCommand(['list', '--merchant', 'nope'])).rejects.toThrow('No merchant with client key nope');
    await expect(runPaymentsCommand(['list', '--merchant', merchant.clientKey, '--status', 'PAID'])).rejects.toThrow('Use one of: SETTLED');
    await expect(runPaymentsCommand(['list', '--merchant', merchant.clientKey, '--since', 'yesterday'])).rejects.toThrow('(7d, 12h)');
    expect(await runPaymentsCommand(['--help'])).toContain('example:');
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
