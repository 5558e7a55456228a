/**
 * The upstream connector against a second, real instance of this platform (`npm start` with its own PORT and
 * LOCAL_DATA_DIR) as the upstream gateway. Our merchant's MID routes to it with the upstream sandbox merchant's
 * client_key and password (sealed as the MID's credentials). Between us and the upstream:
 *   - a proxy (the network), which can hold a SALE until our side gives up on it (UPSTREAM_TIMEOUT_MS): a timeout;
 *   - a tap on the upstream's callbacks (its notification_url), which delivers each callback to our
 *     POST /providers/upstream/notifications twice at once, or drops it (a lost callback).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/local/emulators.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { encodeForm } from '../../../shared/protocol/form.js';
import { formula2 } from '../../../shared/protocol/signature.js';
import { ValidationError } from '../../../shared/domain/errors.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { callbacksSettled } from '../../support/drained.js';
import { saleFields, SANDBOX_CARD, transIdFields } from '../../support/s2s.js';
import { startLocal } from '../../support/npm-start.js';
import { signRequest } from '../../../shared/protocol/merchant-api/request-signature.js';
import { GAVE_UP_REASON } from '../../../shared/operations/reconciliation/reconcile.js';
import { paymentSummary } from '../../../shared/operations/console/timeline.js';
import { LATE_OUTCOME_METRIC } from '../../../shared/operations/payment/index.js';
import { receiveNotification } from '../../../shared/operations/providers/receive.js';
import { invocation, withInvocation } from '../../../shared/lib/telemetry.js';

// Our wait for the upstream: long enough for a request to a second platform on a busy 2-core machine; the timeout
// test does not wait for it to pass by the clock, the proxy holds the SALE until our side gave up.
const TIMEOUT_MS = 15_000;
const children: ChildProcess[] = [];
const platform = usePlatform({ UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS), RECONCILE_GRACE_SECONDS: '0' });
let shop: MerchantServer;
let merchant: Merchant;
let upstreamUrl: string;
let upstreamCreds: { client_key: string; password: string };
let proxy: Proxy;
let tap: Tap;

interface Proxy {
  url: string;
  /** SALEs wait until our side gave up on them (closed the connection), then go on to the upstream. */
  holdSales: boolean;
  /** CREDITVOIDs: forwarded; forwarded with the answer lost on the way back (502); or never forwarded (502). */
  creditvoid: 'forward' | 'lose-answer' | 'drop';
  /** Actions forwarded with the answer lost on the way back (502). */
  loseAnswers: Set<string>;
  /** Actions never forwarded (502): the upstream cannot be reached for them. */
  refuse: Set<string>;
  /** Changes the upstream's JSON answer to an action: what the upstream says later (a refund it reversed). */
  rewrite?: (action: string, json: Record<string, unknown>) => Record<string, unknown>;
  /** Every request that passed, in order. */
  log: Array<{ action: string; order_id?: string; trans_id?: string }>;
  /** Settles once a held SALE was answered by the upstream. */
  held?: Promise<void>;
  server: Server;
}

interface Tap {
  url: string;
  forward: boolean;
  /** Our endpoint's answers to each delivery (two per callback). */
  deliveries: Array<{ orderId: string; action: string; result: string; status: number; effect?: string }>;
  server: Server;
}

function readBody(req: import('node:http').IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function startProxy(): Promise<Proxy> {
  const p: Proxy = {
    url: '',
    holdSales: false,
    creditvoid: 'forward',
    loseAnswers: new Set(),
    refuse: new Set(),
    log: [],
    server: undefined as unknown as Server,
  };
  p.server = createServer(async (req, res) => {
    const body = await readBody(req);
    const fields = new URLSearchParams(body);
    p.log.push({
      action: fields.get('action') ?? '',
      order_id: fields.get('order_id') ?? undefined,
      trans_id: fields.get('trans_id') ?? undefined,
    });
    const action = fields.get('action') ?? '';
    const creditvoid =
      action === 'CREDITVOID' ? p.creditvoid : p.refuse.has(action) ? 'drop' : p.loseAnswers.has(action) ? 'lose-answer' : 'forward';
    if (creditvoid === 'drop') {
      res.writeHead(502).end();
      return;
    }
    const hold = p.holdSales && /(^|&)action=SALE(&|$)/.test(body);
    let done: () => void = () => undefined;
    if (hold) p.held = new Promise<void>((r) => (done = r));
    if (hold && !res.destroyed) await new Promise((r) => res.once('close', r));
    const answer = await fetch(`${upstreamUrl}${req.url}`, {
      method: 'POST',
      headers: { 'content-type': String(req.headers['content-type']) },
      body,
    });
    const text = p.rewrite
      ? JSON.stringify(p.rewrite(action, JSON.parse(await answer.text()) as Record<string, unknown>))
      : await answer.text();
    done();
    if (creditvoid === 'lose-answer') {
      res.writeHead(502).end();
      return;
    }
    // The client may be gone (it timed out): the upstream has processed the SALE all the same.
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(text);
  });
  p.url = await listen(p.server);
  return p;
}

async function startTap(): Promise<Tap> {
  const t: Tap = { url: '', forward: true, deliveries: [], server: undefined as unknown as Server };
  t.server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const fields = new URLSearchParams(raw);
    if (t.forward) {
      const deliver = async () => {
        const r = await fetch(`${platform.url}/providers/upstream/notifications`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: raw,
        });
        const body = (await r.json()) as { effect?: string };
        t.deliveries.push({
          orderId: fields.get('order_id') ?? '',
          action: fields.get('action') ?? '',
          result: fields.get('result') ?? '',
          status: r.status,
          effect: body.effect,
        });
      };
      // The same callback twice, at the same moment.
      await Promise.all([deliver(), deliver()]);
    }
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('OK');
  });
  t.url = await listen(t.server);
  return t;
}

beforeAll(async () => {
  shop = await startMerchantServer();
  tap = await startTap();
  proxy = await startProxy();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'payments-upstream-'));
  // The upstream inherits this process's environment, where our platform put RECONCILE_GRACE_SECONDS=0: with it, the
  // upstream's own reconciler (every second) would settle its payments by inquiry while their requests still run.
  await startLocal(
    port,
    dataDir,
    {
      LOG_LEVEL: 'ERROR',
      POWERTOOLS_LOG_LEVEL: 'ERROR',
      SANDBOX_NOTIFICATION_URL: tap.url,
      LOCAL_SCHEDULE_SECONDS: '1',
      RECONCILE_GRACE_SECONDS: '900',
    },
    children,
  );
  upstreamUrl = `http://127.0.0.1:${port}`;
  upstreamCreds = JSON.parse(readFileSync(join(dataDir, 'sandbox-merchant.json'), 'utf8'));
  // The upstream loads its /post handler on its first request: done here, not inside the first test's SALE.
  await atUpstream('warm-up');
  merchant = await testMerchant({
    notificationUrl: shop.url,
    mids: [
      {
        connector: 'upstream',
        connectorSettings: { url: proxy.url },
        credentials: { client_key: upstreamCreds.client_key, password: upstreamCreds.password },
      },
    ],
  });
}, 180_000);

afterAll(async () => {
  const running = () => children.filter((c) => c.exitCode === null && c.signalCode === null);
  for (const c of running()) process.kill(-c.pid!, 'SIGTERM');
  await eventually(() => running().length === 0 || undefined, 30_000).catch(() => undefined);
  for (const c of children) if (c.exitCode === null && c.signalCode === null) process.kill(-c.pid!, 'SIGKILL');
  proxy?.server.close();
  tap?.server.close();
  await shop?.close();
});

const post = (fields: Record<string, unknown>) => postForm(`${platform.url}/post`, fields as never);
const callbacksFor = (transId: string) => shop.received.filter((c) => c.fields.trans_id === transId);

/** The upstream's own record of our payment (our trans_id is its order_id). */
async function atUpstream(ourTransId: string): Promise<any> {
  const res = await postForm(`${upstreamUrl}/post`, {
    action: 'GET_TRANS_STATUS_BY_ORDER',
    client_key: upstreamCreds.client_key,
    order_id: ourTransId,
    hash: formula2({ email: 'doe@example.com', password: upstreamCreds.password, transId: ourTransId, cardNumber: SANDBOX_CARD }),
  });
  return res.body;
}

/** The payer at the upstream's 3DS page: posts redirect_params there and presses the button. */
async function authenticateAtUpstream(answer: { redirect_url: string; redirect_params: Record<string, string> }): Promise<void> {
  const page = await fetch(answer.redirect_url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeForm(answer.redirect_params),
  });
  const html = await page.text();
  expect(html).toContain('3-D Secure authentication');
  const action = /<form id="authenticate" method="post" action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
  const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]));
  const back = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeForm(fields),
  });
  expect(await back.text()).toContain('action="https://merchant.example/3ds-return"');
}

/** The upstream's callback about our payment as it signs it (Formula 2 over its own trans_id; the result is not signed). */
async function upstreamCallback(ourTransId: string, fields: Record<string, string>): Promise<string> {
  const theirs = String((await atUpstream(ourTransId)).trans_id);
  const hash = formula2({ email: 'doe@example.com', password: upstreamCreds.password, transId: theirs, cardNumber: SANDBOX_CARD });
  return encodeForm({ ...fields, order_id: ourTransId, trans_id: theirs, currency: 'USD', hash });
}
const notifyRaw = (body: string) =>
  fetch(`${platform.url}/providers/upstream/notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  }).then((r) => r.status);
/** One delivery, applied in this process: how much it added to the LateAcquirerOutcomes metric. */
const countedLate = (body: string) =>
  withInvocation(
    'ProviderNotification',
    async () => (await receiveNotification(deps(), { slug: 'upstream', rawBody: body }), invocation()!.observed[LATE_OUTCOME_METRIC]),
  );

const notify = (fields: Record<string, string>) =>
  fetch(`${platform.url}/providers/upstream/notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeForm(fields),
  });

describe('upstream connector: payments go to a second instance of the platform', () => {
  it('SALE: approved by the upstream, SETTLED here and there; the upstream callback changes nothing more', async () => {
    const res = await post(saleFields(merchant));
    expect(res.body).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED', amount: '10.00' });
    expect(await atUpstream(res.body.trans_id)).toMatchObject({ status: 'SETTLED', order_id: res.body.trans_id });
    expect(res.body.trans_id).not.toBe((await atUpstream(res.body.trans_id)).trans_id);
    await eventually(() => tap.deliveries.filter((d) => d.orderId === res.body.trans_id).length === 2 || undefined);
    // Our own write usually comes first; if the callback overtook it, it settled the payment once and our write adopted it.
    expect(tap.deliveries.filter((d) => d.orderId === res.body.trans_id && d.effect === 'applied').length).toBeLessThanOrEqual(1);
    await callbacksSettled(platform, [res.body.trans_id]);
    expect(callbacksFor(res.body.trans_id)).toHaveLength(1);
  });

  it('a declined SALE is declined with the upstream reason', async () => {
    const res = await post(saleFields(merchant, { card_exp_month: '02' }));
    expect(res.body).toMatchObject({ result: 'DECLINED', status: 'DECLINED', decline_reason: 'Declined by processing.' });
  });

  it('AUTH + CAPTURE: held at the upstream, captured there', async () => {
    const auth = await post(saleFields(merchant, { auth: 'Y' }));
    expect(auth.body).toMatchObject({ result: 'SUCCESS', status: 'PENDING' });
    expect((await atUpstream(auth.body.trans_id)).status).toBe('PENDING');
    const cap = await post(transIdFields(merchant, 'CAPTURE', auth.body.trans_id, { extra: { amount: '4.00' } }));
    expect(cap.body).toMatchObject({ action: 'CAPTURE', result: 'SUCCESS', status: 'SETTLED', amount: '4.00' });
    expect((await atUpstream(auth.body.trans_id)).status).toBe('SETTLED');
    expect((await deps().payments.get(auth.body.trans_id))!.capturedAmount).toBe(400);
  });

  it('CREDITVOID: ACCEPTED, its outcome arrives by the upstream callback (hash checked), applied once though delivered twice at once', async () => {
    const sale = await post(saleFields(merchant));
    const refund = await post(transIdFields(merchant, 'CREDITVOID', sale.body.trans_id));
    expect(refund.body).toMatchObject({ action: 'CREDITVOID', result: 'ACCEPTED' });
    // (A WAITING-like UNDEFINED/SETTLED callback may come first, while the refund waits for the upstream.)
    const creditvoidCallback = () =>
      callbacksFor(sale.body.trans_id).filter((c) => c.fields.action === 'CREDITVOID' && c.fields.result === 'SUCCESS');
    const cb = await eventually(() => creditvoidCallback()[0], 30_000);
    expect(cb.fields).toMatchObject({ result: 'SUCCESS', status: 'REFUND', amount: '10.00' });
    const deliveries = await eventually(() => {
      // The refund's final callback: the upstream may send a waiting (UNDEFINED) one for the same CREDITVOID first.
      const both = tap.deliveries.filter((d) => d.orderId === sale.body.trans_id && d.action === 'CREDITVOID' && d.result === 'SUCCESS');
      return both.length === 2 ? both : undefined;
    });
    expect(deliveries.map((d) => d.effect)).toContain('unchanged');
    // Any verified notification of this payment settles what waits on it, by asking the upstream: the refund may have
    // been applied by one of these two, by the waiting CREDITVOID callback, or by the SALE's own callback arriving late
    // (which may also have settled the SALE itself if it overtook our write). Once each, at most: the refund's
    // merchant callback below is the proof that it was applied once.
    const applied = tap.deliveries.filter((d) => d.orderId === sale.body.trans_id && d.effect === 'applied');
    expect(applied.length).toBeGreaterThanOrEqual(1);
    expect(applied.length).toBeLessThanOrEqual(2);
    await callbacksSettled(platform, [sale.body.trans_id]);
    expect(creditvoidCallback()).toHaveLength(1);
    expect((await deps().payments.get(sale.body.trans_id))!).toMatchObject({ status: 'REFUND', refundedAmount: 1000 });
  });

  it('3DS: the upstream page is passed through to the payer; its callback completes the payment once', async () => {
    const res = await post(saleFields(merchant, { card_exp_month: '05' }));
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ result: 'REDIRECT', status: '3DS', redirect_method: 'POST' });
    expect(res.body.redirect_url).toMatch(new RegExp(`^${upstreamUrl}/threeds/`));
    await authenticateAtUpstream(res.body);

    const cb = await eventually(() => callbacksFor(res.body.trans_id)[0], 30_000);
    expect(cb.fields).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED' });
    const deliveries = await eventually(() => {
      const both = tap.deliveries.filter((d) => d.orderId === res.body.trans_id);
      return both.length === 2 ? both : undefined;
    });
    expect(deliveries.map((d) => d.effect).sort()).toEqual(['applied', 'unchanged']);
    await callbacksSettled(platform, [res.body.trans_id]);
    expect(callbacksFor(res.body.trans_id)).toHaveLength(1);
    expect((await atUpstream(res.body.trans_id)).status).toBe('SETTLED');
  });

  it('an upstream that times out: UNDEFINED/PREPARE, and the reconciler settles it with the upstream status (its callback was lost)', async () => {
    proxy.holdSales = true;
    tap.forward = false;
    try {
      const res = await post(saleFields(merchant));
      expect(res.body).toMatchObject({ result: 'UNDEFINED', status: 'PREPARE' });
      proxy.holdSales = false;
      await proxy.held;
      expect((await atUpstream(res.body.trans_id)).status).toBe('SETTLED');
      expect((await deps().payments.get(res.body.trans_id))!.status).toBe('PREPARE');

      await platform.runScheduled('Reconciler');
      expect((await deps().payments.get(res.body.trans_id))!.status).toBe('SETTLED');
      const cb = await eventually(() => callbacksFor(res.body.trans_id)[0]);
      expect(cb.fields).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED' });
    } finally {
      proxy.holdSales = false;
      tap.forward = true;
    }
  }, 90_000);

  it('a notification with a wrong hash is refused and changes nothing', async () => {
    const sale = await post(saleFields(merchant));
    const body = encodeForm({
      action: 'SALE',
      result: 'DECLINED',
      status: 'DECLINED',
      order_id: sale.body.trans_id,
      trans_id: '00000000-0000-4000-8000-000000000000',
      hash: '0'.repeat(32),
    });
    const res = await fetch(`${platform.url}/providers/upstream/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(res.status).toBe(401);
    expect((await deps().payments.get(sale.body.trans_id))!.status).toBe('SETTLED');
  });
});

describe('upstream connector: what is trusted of the upstream', () => {
  it("a callback replaying an earlier payment's hash, for a payment still in 3DS: not declined; the upstream is asked and decides", async () => {
    // An earlier payment of the same card and e-mail: its callback's hash verifies for every payment of that card.
    const earlier = await post(saleFields(merchant));
    const upstreamTransId = String((await atUpstream(earlier.body.trans_id)).trans_id);
    const hash = formula2({
      email: 'doe@example.com',
      password: upstreamCreds.password,
      transId: upstreamTransId,
      cardNumber: SANDBOX_CARD,
    });

    const res = await post(saleFields(merchant, { card_exp_month: '05' }));
    expect(res.body).toMatchObject({ result: 'REDIRECT', status: '3DS' });
    const asked = proxy.log.length;
    const replay = await notify({
      action: 'SALE',
      result: 'DECLINED',
      status: 'DECLINED',
      order_id: res.body.trans_id,
      trans_id: upstreamTransId,
      decline_reason: 'Declined by processing.',
      hash,
    });
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { effect: string }).effect).toBe('unchanged');
    expect(proxy.log.slice(asked)).toContainEqual({
      action: 'GET_TRANS_STATUS_BY_ORDER',
      order_id: res.body.trans_id,
      trans_id: undefined,
    });
    expect((await deps().payments.get(res.body.trans_id))!.status).toBe('3DS');
    expect((await atUpstream(res.body.trans_id)).status).toBe('3DS');

    // The payer finishes at the upstream, which charges: its own callback settles it here.
    await authenticateAtUpstream(res.body);
    const cb = await eventually(() => callbacksFor(res.body.trans_id)[0], 30_000);
    expect(cb.fields).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED' });
    expect(callbacksFor(res.body.trans_id).filter((c) => c.fields.status === 'DECLINED')).toEqual([]);
  });

  it("a refund's inquiry adopts its own transaction at the upstream, never an earlier refund of the same amount", async () => {
    const sale = await post(saleFields(merchant));
    const refunded = async () => (await deps().payments.get(sale.body.trans_id))!.refundedAmount ?? 0;
    try {
      // The first refund reaches the upstream; its answer is lost. The upstream's callback makes us ask: found, its own.
      proxy.creditvoid = 'lose-answer';
      await post(transIdFields(merchant, 'CREDITVOID', sale.body.trans_id, { extra: { amount: '4.00' } }));
      await eventually(async () => ((await refunded()) === 400 ? true : undefined), 30_000);

      // A second refund of the same amount, a moment later, never reaches it: nothing there is its answer.
      proxy.creditvoid = 'drop';
      const second = await post(transIdFields(merchant, 'CREDITVOID', sale.body.trans_id, { extra: { amount: '4.00' } }));
      expect(second.body.result).not.toBe('SUCCESS');
      await platform.runScheduled('Reconciler');
      const p = (await deps().payments.get(sale.body.trans_id))!;
      expect(p.refundedAmount).toBe(400);
      expect(p.history.filter((h) => h.type === 'REFUND').map((h) => h.status)).toEqual(['success', 'waiting']);
    } finally {
      proxy.creditvoid = 'forward';
    }
  }, 60_000);
});

describe('upstream connector: a follow-up recorded as done that the upstream later says failed', () => {
  it('a declined CREDITVOID callback for a refund recorded as done: asked, flagged once if the upstream confirms, else nothing', async () => {
    // A refund after a capture: the upstream's transaction of the refund is the one after the capture's.
    const sale = await post(saleFields(merchant, { auth: 'Y' }));
    const transId = sale.body.trans_id as string;
    expect((await post(transIdFields(merchant, 'CAPTURE', transId, { extra: { amount: '10.00' } }))).body).toMatchObject({
      result: 'SUCCESS',
    });
    await post(transIdFields(merchant, 'CREDITVOID', transId, { extra: { amount: '4.00' } }));
    await eventually(async () => ((await deps().payments.get(transId))!.refundedAmount === 400 ? true : undefined), 30_000);
    const callback = await upstreamCallback(transId, {
      action: 'CREDITVOID',
      result: 'DECLINED',
      status: 'SETTLED',
      amount: '4.00',
      decline_reason: 'Refund failed.',
    });

    // Its result is not signed: the upstream, asked, says the refund went through, so nothing is flagged.
    expect(await Promise.all([notifyRaw(callback), notifyRaw(callback)])).toEqual([200, 200]);
    expect((await deps().payments.get(transId))!.details.lateOutcomes).toBeUndefined();

    // The upstream's record of the refund now says it failed: flagged for an operator, once, and counted once.
    proxy.rewrite = (action, json) =>
      action === 'GET_TRANS_DETAILS'
        ? {
            ...json,
            transactions: (json.transactions as Array<Record<string, unknown>>).map((t) =>
              t.type === 'REFUND' ? { ...t, status: 'fail' } : t,
            ),
          }
        : json;
    try {
      const counted = await Promise.all([countedLate(callback), countedLate(callback)]);
      expect(counted.filter(Boolean)).toEqual([1]);
      expect(await Promise.all([notifyRaw(callback), notifyRaw(callback)])).toEqual([200, 200]);
    } finally {
      proxy.rewrite = undefined;
    }
    const p = (await deps().payments.get(transId))!;
    const refund = p.history.find((h) => h.type === 'REFUND')!;
    expect(p).toMatchObject({ status: 'SETTLED', refundedAmount: 400 });
    expect(p.details.lateOutcomes).toEqual([
      expect.objectContaining({ event: 'CREDITVOID DECLINED', attemptId: refund.id, amount: 400, handling: 'flag' }),
    ]);
    expect(paymentSummary(p).lateOutcomes).toMatchObject([{ event: 'CREDITVOID DECLINED', amount: '4.00', handling: 'flag' }]);
  }, 60_000);
});

describe('upstream connector: a MID as the merchant sets it up on day one', () => {
  const upstreamMid = (url: string, credentials = upstreamCreds) =>
    testMerchant({ notificationUrl: shop.url, mids: [{ connector: 'upstream', connectorSettings: { url }, credentials }] });

  it('the URL as the protocol writes it (…/post): payments go through', async () => {
    const m = await upstreamMid(`${proxy.url}/post`);
    expect((await deps().merchants.get(m.clientKey))!.mids[0]!.connectorSettings).toEqual({ url: proxy.url });
    expect((await post(saleFields(m))).body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
  });

  it('a URL that is not the gateway (another path of its host): refused when the MID is created, naming the URL', async () => {
    const refused = await upstreamMid(`${upstreamUrl}/console`).then(
      () => undefined,
      (e: unknown) => e as ValidationError,
    );
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused!.fieldErrors.map((f) => f.message).join()).toMatch(
      /^upstream-url: .*\/console\/post did not answer as a payment gateway of this protocol/,
    );
  });

  // This platform, as an upstream, answers an unknown order before it checks the hash, and an unknown client_key as a
  // known one with a wrong hash (no enumeration): a not-found probe cannot show either. Its first payment does.
  for (const [wrong, credentials] of [
    ['password', { password: 'not-the-password' }],
    ['client_key', { client_key: '00000000-0000-4000-8000-000000000000' }],
  ] as const) {
    it(`a wrong ${wrong}: the first payment is declined with the upstream's refusal, and nothing is charged`, async () => {
      const m = await upstreamMid(proxy.url, { ...upstreamCreds, ...credentials });
      const res = await post(saleFields(m));
      expect(res.body).toMatchObject({
        result: 'DECLINED',
        status: 'DECLINED',
        decline_reason: expect.stringMatching(/^The upstream refused the request: /),
      });
      expect(await atUpstream(res.body.trans_id)).toMatchObject({ result: 'ERROR' });
    });
  }
});

// Last in the file: a merchant of its own, whose test clock moves past the reconciler's 24 h give-up.
describe('late upstream outcomes (docs/reconciliation.md "Late outcomes")', () => {
  let late: Merchant;
  beforeAll(async () => {
    late = await testMerchant({
      notificationUrl: shop.url,
      mids: [{ connector: 'upstream', connectorSettings: { url: proxy.url }, credentials: upstreamCreds }],
    });
    // The upstream's own callbacks would settle a payment before the give-up: none reach us from here on.
    tap.forward = false;
  });
  afterAll(() => {
    tap.forward = true;
  });

  async function advanceClock(by: string): Promise<void> {
    const path = '/api/v1/merchant/clock';
    const body = JSON.stringify({ advance_by: by });
    const headers = signRequest(late.clientKey, late.password, { method: 'POST', path, query: '', body });
    const res = await fetch(platform.url + path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
    expect(res.status).toBe(200);
  }

  /** A payment the upstream approved whose answer was lost, declined by the reconciler while the upstream could not be asked. */
  async function givenUp(extra: Record<string, string> = {}): Promise<string> {
    proxy.loseAnswers.add('SALE');
    const res = await post(saleFields(late, extra)).finally(() => proxy.loseAnswers.delete('SALE'));
    expect(res.body).toMatchObject({ result: 'UNDEFINED' });
    const transId = res.body.trans_id as string;
    proxy.refuse.add('GET_TRANS_STATUS_BY_ORDER');
    try {
      await advanceClock('25h');
      await platform.runScheduled('Reconciler');
    } finally {
      proxy.refuse.delete('GET_TRANS_STATUS_BY_ORDER');
    }
    expect(await deps().payments.get(transId)).toMatchObject({ status: 'DECLINED', declineReason: GAVE_UP_REASON });
    await callbacksSettled(platform, [transId]);
    return transId;
  }

  const sentSince = (mark: number, action: string) => proxy.log.slice(mark).filter((r) => r.action === action);

  it('a SALE the upstream approved after the give-up: its callback asks, the payment stays declined, VOIDed once, recorded and shown', async () => {
    const transId = await givenUp();
    const theirs = String((await atUpstream(transId)).trans_id);
    expect(await atUpstream(transId)).toMatchObject({ status: 'SETTLED' });
    const callback = await upstreamCallback(transId, { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', amount: '10.00' });
    const mark = proxy.log.length;

    // Twice at once: recorded and counted once (metric LateAcquirerOutcomes), then delivered again over HTTP.
    const counted = await Promise.all([countedLate(callback), countedLate(callback)]);
    expect(counted.filter(Boolean)).toEqual([1]);
    expect(await Promise.all([notifyRaw(callback), notifyRaw(callback)])).toEqual([200, 200]);
    expect(await notifyRaw(callback)).toBe(200);

    // The same financial day: the upstream's VOID, sent once by its trans_id; nothing else moved money.
    expect(sentSince(mark, 'VOID')).toEqual([{ action: 'VOID', trans_id: theirs }]);
    expect(sentSince(mark, 'CREDITVOID')).toEqual([]);
    expect((await atUpstream(transId)).status).not.toBe('SETTLED');
    const p = (await deps().payments.get(transId))!;
    expect(p.status).toBe('DECLINED');
    expect(p.details.lateOutcomes).toMatchObject([
      { event: 'SALE SUCCESS', attemptId: transId, amount: 1000, handling: 'reverse', reversal: 'done' },
    ]);
    expect(paymentSummary(p).lateOutcomes).toMatchObject([
      { event: 'SALE SUCCESS', amount: '10.00', handling: 'reverse', reversal: 'done' },
    ]);
    // The merchant was told DECLINED, and that stays true: no other callback.
    expect(callbacksFor(transId).map((c) => c.fields.status)).toEqual(['DECLINED']);
  }, 90_000);

  it('an AUTH the upstream holds after the give-up: released by one CREDITVOID (VOID is for settled payments)', async () => {
    const transId = await givenUp({ auth: 'Y' });
    expect(await atUpstream(transId)).toMatchObject({ status: 'PENDING' });
    const callback = await upstreamCallback(transId, { action: 'SALE', result: 'SUCCESS', status: 'PENDING', amount: '10.00' });
    const mark = proxy.log.length;
    expect(await Promise.all([notifyRaw(callback), notifyRaw(callback)])).toEqual([200, 200]);
    expect(await notifyRaw(callback)).toBe(200);

    expect(sentSince(mark, 'CREDITVOID')).toHaveLength(1);
    expect(sentSince(mark, 'VOID')).toEqual([]);
    await eventually(async () => ((await atUpstream(transId)).status === 'REVERSAL' ? true : undefined), 30_000);
    const p = (await deps().payments.get(transId))!;
    expect(p.status).toBe('DECLINED');
    // Accepted by the upstream (its outcome is its own callback's): received, never sent again.
    expect(p.details.lateOutcomes).toMatchObject([
      { event: 'SALE SUCCESS', attemptId: transId, amount: 1000, handling: 'reverse', reversal: 'received' },
    ]);
  }, 90_000);
});
