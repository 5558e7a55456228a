/**
 * The upstream connector's request shaping and answer mapping, with an injected HTTP transport; and the registry's
 * policy around it (deadline, inquiry retries, nothing else repeated). The real round trips are in
 * test/integration/connectors/upstream.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { upstreamConnector, UPSTREAM_NOT_FOUND } from '../../../shared/adapters/connectors/upstream.js';
import { ConnectorCatalogue } from '../../../shared/adapters/connectors/registry.js';
import { AnswerMismatchError } from '../../../shared/adapters/connectors/answer-binding.js';
import { AcquirerTimeoutError } from '../../../shared/adapters/connectors/policy.js';
import { GAVE_UP_REASON } from '../../../shared/operations/reconciliation/reconcile.js';
import {
  acquirerAddressRules,
  AcquirerUrlRefusedError,
  type HttpAnswer,
  type HttpTransport,
} from '../../../shared/adapters/connectors/http-transport.js';
import { formula1, formula2 } from '../../../shared/protocol/signature.js';
import { midCredentialsContext, type ConnectorMid } from '../../../shared/ports/connector.js';
import type { SecretBox } from '../../../shared/ports/secret-box.js';

const PASSWORD = '13a4822c5907ed235f3a068c76184fc3';
const box: SecretBox = {
  seal: async (p) => p,
  open: async (sealed, context) => {
    expect(context).toBe(midCredentialsContext('merchant-1', 'mid-1'));
    return sealed;
  },
};
const mid: ConnectorMid = {
  clientKey: 'merchant-1',
  midId: 'mid-1',
  settings: { url: 'https://upstream.example/' },
  credentials: {
    sealed: JSON.stringify({ client_key: 'up-key', password: PASSWORD }),
    context: midCredentialsContext('merchant-1', 'mid-1'),
  },
};
const payment = {
  transId: 'our-1',
  orderId: 'order-1',
  action: 'SALE',
  payerEmail: 'doe@example.com',
  card: { bin: '411111', last4: '1111', expMonth: '01', expYear: '2038' },
};

function fakeTransport(answers: Array<HttpAnswer | Error>) {
  const sent: Array<{ url: string; form: Record<string, string | undefined> }> = [];
  const transport: HttpTransport = async (url, form) => {
    sent.push({ url, form });
    const next = answers.shift() ?? new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  };
  return { sent, transport };
}

const card = { number: '4111111111111111', expMonth: '5', expYear: '38', cvv: '123' };
const connector = (transport: HttpTransport) => upstreamConnector({ credentials: box, transport, rules: acquirerAddressRules('live') });

describe('upstream connector: requests', () => {
  it('a SALE: our trans_id as its order_id, the MID credentials, Formula 1, auth=Y for an authorization', async () => {
    const t = fakeTransport([{ status: 200, body: { result: 'SUCCESS', status: 'PENDING', trans_id: 'up-1' } }]);
    const c = connector(t.transport);
    const outcome = await c.pay({
      mid,
      transId: 'our-1',
      orderId: 'order-1',
      description: 'Shoes',
      amount: 1050,
      currency: 'USD',
      card,
      authorize: true,
      externalThreeDs: false,
      payer: { firstName: 'John', lastName: 'Doe', email: 'doe@example.com', phone: '123' },
      payerIp: '203.0.113.7',
      returnUrl: 'https://shop.example/back',
    });
    expect(outcome).toMatchObject({ kind: 'approved' });
    expect(t.sent[0]!.url).toBe('https://upstream.example/post');
    expect(t.sent[0]!.form).toMatchObject({
      action: 'SALE',
      client_key: 'up-key',
      order_id: 'our-1',
      order_amount: '10.50',
      order_currency: 'USD',
      order_description: 'Shoes',
      card_exp_month: '05',
      card_exp_year: '2038',
      payer_ip: '203.0.113.7',
      term_url_3ds: 'https://shop.example/back',
      auth: 'Y',
      hash: formula1({ email: 'doe@example.com', password: PASSWORD, cardNumber: card.number }),
    });
  });

  it('a cascade attempt is its own order at the upstream (trans_id-aN); inquiries and follow-ups find it by that', async () => {
    const t = fakeTransport([
      { status: 200, body: { result: 'DECLINED', decline_reason: 'Issuer unavailable.' } },
      { status: 200, body: { result: 'SUCCESS', status: 'SETTLED', trans_id: 'up-2' } },
      { status: 200, body: { result: 'SUCCESS', status: 'SETTLED', trans_id: 'up-2' } },
      { status: 200, body: { result: 'SUCCESS', status: 'SETTLED', trans_id: 'up-2' } },
    ]);
    const c = connector(t.transport);
    await c.pay({ mid, transId: 'our-1', amount: 100, currency: 'USD', card, authorize: false, externalThreeDs: false, routingAttempt: 2 });
    const moved = { ...payment, reference: 'our-1-a2' };
    await c.inquire!({
      mid,
      payment: moved,
      transId: 'our-1',
      attemptId: 'our-1',
      type: 'SALE',
      amount: 100,
      currency: 'USD',
      startedAt: new Date().toISOString(),
    });
    await c.refund({ mid, payment: moved, transId: 'our-1', attemptId: 'r-1', amount: 100, currency: 'USD', reversal: false });
    expect(t.sent.map((s) => [s.form.action, s.form.order_id ?? s.form.trans_id])).toEqual([
      ['SALE', 'our-1-a2'],
      ['GET_TRANS_STATUS_BY_ORDER', 'our-1-a2'],
      ['GET_TRANS_STATUS_BY_ORDER', 'our-1-a2'],
      ['CREDITVOID', 'up-2'],
    ]);
    // The upstream's callback names the order: the payment is found by its trans_id.
    expect(c.notifications!.paymentOf('order_id=our-1-a2&trans_id=up-2')).toBe('our-1');
  });

  it('maps the answers: DECLINED, REDIRECT passed through, ERROR declined, UNDEFINED and 5xx undetermined', async () => {
    const t = fakeTransport([
      { status: 200, body: { result: 'DECLINED', decline_reason: 'Insufficient funds' } },
      {
        status: 200,
        body: {
          result: 'REDIRECT',
          status: '3DS',
          redirect_url: 'https://upstream.example/threeds/up-2',
          redirect_method: 'POST',
          redirect_params: { PaReq: 'x', MD: 'up-2' },
        },
      },
      { status: 400, body: { result: 'ERROR', error_message: 'Request data is invalid.' } },
      { status: 200, body: { result: 'UNDEFINED', status: 'PREPARE' } },
      { status: 502, body: undefined },
      new Error('ECONNRESET'),
    ]);
    const c = connector(t.transport);
    const pay = () => c.pay({ mid, transId: 'our-2', amount: 100, currency: 'USD', card, authorize: false, externalThreeDs: false });
    expect(await pay()).toEqual({ kind: 'declined', reason: 'Insufficient funds' });
    expect(await pay()).toEqual({
      kind: 'challenge',
      type: '3DS',
      redirect: { url: 'https://upstream.example/threeds/up-2', method: 'POST', params: { PaReq: 'x', MD: 'up-2' } },
    });
    expect(await pay()).toMatchObject({ kind: 'declined', reason: expect.stringContaining('Request data is invalid.') });
    await expect(pay()).rejects.toThrow(AcquirerTimeoutError);
    await expect(pay()).rejects.toThrow(AcquirerTimeoutError);
    await expect(pay()).rejects.toThrow(AcquirerTimeoutError);
  });

  it('a refund finds the upstream payment by our trans_id, signs Formula 2 over its trans_id, and waits (ACCEPTED)', async () => {
    const t = fakeTransport([
      { status: 200, body: { result: 'SUCCESS', status: 'SETTLED', trans_id: 'up-3' } },
      { status: 200, body: { action: 'CREDITVOID', result: 'ACCEPTED', trans_id: 'up-3' } },
    ]);
    const c = connector(t.transport);
    expect(await c.refund({ mid, payment, transId: 'our-1', amount: 400, currency: 'USD', reversal: false })).toEqual({ kind: 'pending' });
    expect(t.sent[0]!.form).toMatchObject({
      action: 'GET_TRANS_STATUS_BY_ORDER',
      order_id: 'our-1',
      hash: formula2({ email: 'doe@example.com', password: PASSWORD, transId: 'our-1', cardNumber: '4111111111' }),
    });
    expect(t.sent[1]!.form).toMatchObject({
      action: 'CREDITVOID',
      trans_id: 'up-3',
      amount: '4.00',
      hash: formula2({ email: 'doe@example.com', password: PASSWORD, transId: 'up-3', cardNumber: '4111111111' }),
    });
  });

  it('an inquiry: the status by order; a follow-up from the transaction list; a recent unknown order is no answer yet', async () => {
    const startedAt = new Date().toISOString();
    const at = startedAt.replace('T', ' ').slice(0, 19);
    const t = fakeTransport([
      { status: 200, body: { result: 'SUCCESS', status: 'SETTLED', trans_id: 'up-4' } },
      { status: 200, body: { result: 'SUCCESS', status: 'REFUND', trans_id: 'up-4' } },
      {
        status: 200,
        body: {
          result: 'SUCCESS',
          transactions: [
            { type: 'SALE', status: 'success', date: at, amount: '10.00' },
            { id: 'up-r-1', type: 'REFUND', status: 'success', date: at, amount: '10.00' },
          ],
        },
      },
      { status: 400, body: { result: 'ERROR', error_code: 101000, error_message: 'Order does not exist.' } },
      { status: 400, body: { result: 'ERROR', error_code: 101000, error_message: 'Order does not exist.' } },
    ]);
    const c = connector(t.transport);
    const ask = (type: string, started = startedAt) =>
      c.inquire!({
        mid,
        payment,
        transId: 'our-1',
        attemptId: type === 'SALE' ? 'our-1' : 'r-1',
        type,
        amount: 1000,
        currency: 'USD',
        startedAt: started,
      });
    expect(await ask('SALE')).toMatchObject({ kind: 'approved' });
    expect(await ask('REFUND')).toMatchObject({ kind: 'approved' });
    expect(await ask('SALE')).toBe('unknown');
    expect(await ask('SALE', new Date(Date.now() - 3_600_000).toISOString())).toEqual({ kind: 'declined', reason: UPSTREAM_NOT_FOUND });
  });
});

describe('upstream connector: what is trusted of the upstream', () => {
  it('a redirect is no answer: undetermined, and nothing is sent where it points', async () => {
    const t = fakeTransport([{ status: 307, body: { result: 'SUCCESS', status: 'SETTLED' } }]);
    await expect(
      connector(t.transport).pay({ mid, transId: 'our-7', amount: 100, currency: 'USD', card, authorize: false, externalThreeDs: false }),
    ).rejects.toThrow(AcquirerTimeoutError);
    expect(t.sent).toHaveLength(1);
  });

  it("a refusal because the same request is still being processed (this platform's 409) is undetermined, never a decline", async () => {
    const busy = { status: 409, body: { result: 'ERROR', error_code: 400, error_message: 'The same request is being processed.' } };
    await expect(
      connector(fakeTransport([busy]).transport).pay({
        mid,
        transId: 'our-10',
        amount: 100,
        currency: 'USD',
        card,
        authorize: false,
        externalThreeDs: false,
      }),
    ).rejects.toThrow(AcquirerTimeoutError);
    // A capture: the upstream's trans_id is found first, then the CAPTURE is answered "being processed".
    const found = { status: 200, body: { result: 'SUCCESS', status: 'PENDING', trans_id: 'up-10' } };
    const paymentBusy = { status: 409, body: { result: 'ERROR', error_code: 400, error_message: 'The payment is being processed.' } };
    await expect(
      connector(fakeTransport([found, paymentBusy]).transport).capture({ mid, payment, transId: 'our-1', amount: 100, currency: 'USD' }),
    ).rejects.toThrow(AcquirerTimeoutError);
    // The same text from a gateway of the family that answers it with another status.
    const sameText = { status: 200, body: { result: 'ERROR', error_message: 'The same request is being processed' } };
    await expect(
      connector(fakeTransport([sameText]).transport).pay({
        mid,
        transId: 'our-11',
        amount: 100,
        currency: 'USD',
        card,
        authorize: false,
        externalThreeDs: false,
      }),
    ).rejects.toThrow(AcquirerTimeoutError);
    // Any other ERROR is a refusal before processing: a decline.
    const refused = { status: 400, body: { result: 'ERROR', error_code: 100000, error_message: 'Request data is invalid.' } };
    expect(
      await connector(fakeTransport([refused]).transport).pay({
        mid,
        transId: 'our-12',
        amount: 100,
        currency: 'USD',
        card,
        authorize: false,
        externalThreeDs: false,
      }),
    ).toEqual({ kind: 'declined', reason: 'The upstream refused the request: Request data is invalid.' });
  });

  it('money-moving requests are sent never to be repeated; status lookups may be', async () => {
    const calls: Array<{ action?: string; resend: string }> = [];
    const recording: HttpTransport = async (_url, form, { resend }) => {
      calls.push({ action: form.action, resend });
      if (form.action === 'GET_TRANS_STATUS_BY_ORDER')
        return { status: 200, body: { result: 'SUCCESS', status: 'SETTLED', trans_id: 'up-1' } };
      if (form.action === 'GET_TRANS_DETAILS') return { status: 200, body: { result: 'SUCCESS', transactions: [] } };
      return { status: 200, body: { result: 'SUCCESS', status: 'SETTLED', trans_id: 'up-1' } };
    };
    const c = connector(recording);
    await c.pay({ mid, transId: 'our-1', amount: 100, currency: 'USD', card, authorize: false, externalThreeDs: false });
    await c.capture({ mid, payment, transId: 'our-1', amount: 100, currency: 'USD' });
    await c.refund({ mid, payment, transId: 'our-1', attemptId: 'r-1', amount: 100, currency: 'USD', reversal: false });
    await c.void({ mid, payment, transId: 'our-1', amount: 100, currency: 'USD' });
    await c.payout({
      mid,
      transId: 'our-2',
      amount: 100,
      currency: 'USD',
      card: { number: '4601541833776519', expMonth: '01', expYear: '2038' },
    });
    await c.inquire!({
      mid,
      payment,
      transId: 'our-1',
      attemptId: 'r-1',
      type: 'REFUND',
      amount: 100,
      currency: 'USD',
      startedAt: new Date().toISOString(),
    });
    expect(calls).toEqual([
      { action: 'SALE', resend: 'never' },
      { action: 'GET_TRANS_STATUS_BY_ORDER', resend: 'on-reset' },
      { action: 'CAPTURE', resend: 'never' },
      { action: 'GET_TRANS_STATUS_BY_ORDER', resend: 'on-reset' },
      { action: 'CREDITVOID', resend: 'never' },
      { action: 'GET_TRANS_STATUS_BY_ORDER', resend: 'on-reset' },
      { action: 'VOID', resend: 'never' },
      { action: 'CREDIT2CARD', resend: 'never' },
      { action: 'GET_TRANS_STATUS_BY_ORDER', resend: 'on-reset' },
      { action: 'GET_TRANS_DETAILS', resend: 'on-reset' },
    ]);
  });

  it('a URL the stage may not call declines before anything is sent', async () => {
    const refusing: HttpTransport = async () => {
      throw new AcquirerUrlRefusedError('private address 10.0.0.5');
    };
    const outcome = await connector(refusing).pay({
      mid,
      transId: 'our-8',
      amount: 100,
      currency: 'USD',
      card,
      authorize: false,
      externalThreeDs: false,
    });
    expect(outcome).toEqual({ kind: 'declined', reason: 'The upstream URL is not allowed: private address 10.0.0.5.' });
  });

  it('the URL as base or as the /post endpoint: /post is added once', async () => {
    for (const url of [
      'https://upstream.example',
      'https://upstream.example/',
      'https://upstream.example/post',
      'https://upstream.example/post/',
    ]) {
      const t = fakeTransport([{ status: 200, body: { result: 'SUCCESS', status: 'SETTLED', trans_id: 'up-9' } }]);
      await connector(t.transport).pay({
        mid: { ...mid, settings: { url } },
        transId: 'our-9',
        amount: 100,
        currency: 'USD',
        card,
        authorize: false,
        externalThreeDs: false,
      });
      expect(t.sent[0]!.url).toBe('https://upstream.example/post');
    }
    expect(
      connector(fakeTransport([]).transport).normalizeSettings!({ url: 'https://upstream.example/post', hashAlgorithm: 'sha256' }),
    ).toEqual({ url: 'https://upstream.example', hashAlgorithm: 'sha256' });
  });

  it('a 3DS step still open at the upstream is no answer (never a decline); its final status decides', async () => {
    const t = fakeTransport([
      { status: 200, body: { result: 'SUCCESS', status: '3DS', trans_id: 'up-10' } },
      { status: 400, body: { result: 'ERROR', error_code: 101000, error_message: 'Order does not exist.' } },
      { status: 200, body: { result: 'SUCCESS', status: 'DECLINED', trans_id: 'up-10', decline_reason: 'Authentication failed' } },
    ]);
    const c = connector(t.transport);
    const complete = () =>
      c.completeChallenge({
        mid,
        payment,
        transId: 'our-1',
        amount: 100,
        currency: 'USD',
        card,
        authorize: false,
        externalThreeDs: false,
        type: '3DS',
      });
    await expect(complete()).rejects.toThrow(AcquirerTimeoutError);
    await expect(complete()).rejects.toThrow(AcquirerTimeoutError);
    expect(await complete()).toEqual({ kind: 'declined', reason: 'Authentication failed' });
  });

  it("a callback's result is not trusted: a verified one is a prompt to ask (final), whatever it says", async () => {
    const c = connector(fakeTransport([]).transport);
    const hash = formula2({ email: 'doe@example.com', password: PASSWORD, transId: 'up-11', cardNumber: '4111111111' });
    const verify = (action: string, result: string) =>
      c.notifications!.verify(`action=${action}&result=${result}&order_id=our-1&trans_id=up-11&hash=${hash}`, { mid, payment });
    for (const result of ['DECLINED', 'SUCCESS', 'UNDEFINED']) expect(await verify('SALE', result)).toMatchObject({ final: true });
    // What it may contradict is only a hint, by its action and result: the upstream's answer confirms (acquirer-late-outcome.ts).
    expect((await verify('SALE', 'SUCCESS')).reports).toEqual({ kind: 'approval', event: 'SALE SUCCESS' });
    expect((await verify('CAPTURE', 'DECLINED')).reports).toEqual({ kind: 'capture-failure', event: 'CAPTURE DECLINED' });
    expect((await verify('CREDITVOID', 'DECLINED')).reports).toEqual({ kind: 'refund-failure', event: 'CREDITVOID DECLINED' });
    for (const [action, result] of [
      ['SALE', 'DECLINED'],
      ['SALE', 'UNDEFINED'],
      ['CREDITVOID', 'SUCCESS'],
      ['VOID', 'DECLINED'],
    ] as const)
      expect((await verify(action, result)).reports).toBeUndefined();
    await expect(
      c.notifications!.verify(`action=SALE&result=DECLINED&order_id=our-1&trans_id=up-11&hash=${'0'.repeat(32)}`, { mid, payment }),
    ).rejects.toThrow('Signature is not valid.');
  });

  describe("a follow-up's inquiry finds its own transaction by the upstream's ids", () => {
    const startedAt = new Date().toISOString();
    const at = startedAt.replace('T', ' ').slice(0, 19);
    const earlierRefund = { id: 'up-r-1', type: 'REFUND', status: 'success', date: at, amount: '5.00' };
    const ask = (
      transactions: unknown[],
      earlier: Array<{ type: string; amount: number; status: 'success' | 'fail'; declineReason?: string }>,
    ) => {
      const t = fakeTransport([
        { status: 200, body: { result: 'SUCCESS', status: 'REFUND', trans_id: 'up-12' } },
        {
          status: 200,
          body: { result: 'SUCCESS', transactions: [{ type: 'SALE', status: 'success', date: at, amount: '10.00' }, ...transactions] },
        },
      ]);
      return connector(t.transport).inquire!({
        mid,
        payment,
        transId: 'our-1',
        attemptId: 'r-2',
        type: 'REFUND',
        amount: 500,
        currency: 'USD',
        startedAt,
        earlier: [{ type: 'SALE', amount: 1000, status: 'success' }, ...earlier],
      });
    };

    it('an earlier refund of the same amount, a second ago, is not ours: ours never arrived', async () => {
      expect(await ask([earlierRefund], [{ type: 'REFUND', amount: 500, status: 'success' }])).toBe('unknown');
    });

    it('ours is the one after those our earlier follow-ups got', async () => {
      const ours = { id: 'up-r-2', type: 'REFUND', status: 'fail', date: at, amount: '5.00', decline_reason: 'Refund limit' };
      expect(await ask([earlierRefund, ours], [{ type: 'REFUND', amount: 500, status: 'success' }])).toEqual({
        kind: 'declined',
        reason: 'Refund limit',
      });
    });

    it('an earlier follow-up the upstream refused (ERROR) or never got is not counted', async () => {
      const ours = { id: 'up-r-2', type: 'REFUND', status: 'success', date: at, amount: '5.00' };
      const refused = {
        type: 'REFUND',
        amount: 500,
        status: 'fail' as const,
        declineReason: 'The upstream refused the request: Refund amount is too large.',
      };
      const gaveUp = { type: 'CAPTURE', amount: 500, status: 'fail' as const, declineReason: 'No final answer from the acquirer.' };
      expect(await ask([ours], [refused, gaveUp])).toMatchObject({ kind: 'approved' });
    });

    it('a transaction in our place of another type or amount is not adopted', async () => {
      expect(await ask([{ id: 'up-r-3', type: 'REFUND', status: 'success', date: at, amount: '6.00' }], [])).toBe('unknown');
      expect(await ask([{ id: 'up-c-3', type: 'CAPTURE', status: 'success', date: at, amount: '5.00' }], [])).toBe('unknown');
    });
  });

  it('the give-up reason counted as "never arrived" is the reconciler\'s', () => {
    expect(GAVE_UP_REASON).toBe('No final answer from the acquirer.');
  });
});

describe('upstream MID setup', () => {
  const creds = { client_key: 'up-key', password: PASSWORD };
  const live = connector(fakeTransport([]).transport);
  const sandbox = upstreamConnector({ credentials: box, transport: fakeTransport([]).transport, rules: acquirerAddressRules('sandbox') });

  it('live: https to public addresses only; sandbox: also http and loopback, never private or metadata addresses', () => {
    expect(live.checkSetup!({ settings: { url: 'https://gateway.example/post' }, credentials: creds })).toEqual([]);
    for (const url of [
      'http://gateway.example',
      'https://127.0.0.1:8443',
      'https://10.0.0.5',
      'https://169.254.169.254/latest',
      'https://localhost',
    ]) {
      expect(live.checkSetup!({ settings: { url }, credentials: creds }), url).toEqual([
        expect.stringMatching(/^upstream-url: not allowed: /),
      ]);
    }
    expect(sandbox.checkSetup!({ settings: { url: 'http://127.0.0.1:3000/post' }, credentials: creds })).toEqual([]);
    for (const url of ['http://10.0.0.5', 'http://169.254.169.254', 'http://[fd00::1]', 'ftp://gateway.example']) {
      expect(sandbox.checkSetup!({ settings: { url }, credentials: creds }), url).toEqual([
        expect.stringMatching(/^upstream-url: not allowed: /),
      ]);
    }
  });

  it("the probe: the protocol's not-found means it works; a redirect, another server or a refusal is named", async () => {
    const probe = (answer: HttpAnswer | Error) => {
      const t = fakeTransport([answer]);
      const c = upstreamConnector({ credentials: box, transport: t.transport, rules: acquirerAddressRules('live') });
      return { sent: t.sent, problems: c.probeSetup!({ settings: { url: 'https://gateway.example/post' }, credentials: creds }) };
    };
    const ok = probe({ status: 400, body: { result: 'ERROR', error_code: 101000, error_message: 'Order does not exist.' } });
    expect(await ok.problems).toEqual([]);
    const orderId = ok.sent[0]!.form.order_id!;
    expect(ok.sent[0]).toMatchObject({
      url: 'https://gateway.example/post',
      form: {
        action: 'GET_TRANS_STATUS_BY_ORDER',
        client_key: 'up-key',
        hash: formula2({ password: PASSWORD, transId: orderId, cardNumber: '' }),
      },
    });
    expect(await probe({ status: 301, body: undefined }).problems).toEqual([
      expect.stringContaining('answered with a redirect (HTTP 301)'),
    ]);
    expect(await probe({ status: 200, body: undefined }).problems).toEqual([
      expect.stringContaining('did not answer as a payment gateway of this protocol'),
    ]);
    expect(await probe({ status: 404, body: { message: 'Not Found' } }).problems).toEqual([
      expect.stringContaining('did not answer as a payment gateway of this protocol'),
    ]);
    expect(
      await probe({
        status: 400,
        body: {
          result: 'ERROR',
          error_code: 100000,
          error_message: 'Request data is invalid.',
          errors: [{ error_code: 100000, error_message: 'hash: Hash is not valid.' }],
        },
      }).problems,
    ).toEqual([expect.stringMatching(/^upstream-password: the upstream refused the request's hash/)]);
    expect(
      await probe({ status: 400, body: { result: 'ERROR', error_code: 100000, error_message: 'client_key: This value is not correct.' } })
        .problems,
    ).toEqual([expect.stringMatching(/^upstream-key: /)]);
    expect(await probe(new Error('connect ECONNREFUSED')).problems).toEqual([
      expect.stringContaining('no answer from https://gateway.example/post'),
    ]);
  });
});

describe('the registry policy around a connector', () => {
  const merchants = {
    get: async () => ({
      merchant: {} as never,
      mids: [
        { midId: 'mid-1', connector: 'upstream', connectorSettings: mid.settings, credentialsSealed: mid.credentials!.sealed },
      ] as never,
    }),
  };
  const p = { ...payment, clientKey: 'merchant-1', midId: 'mid-1', connector: 'upstream' };

  it('a call past the deadline is undetermined; a payment is never sent twice', async () => {
    let calls = 0;
    const slow: HttpTransport = (_u, _f, { signal }) => {
      calls++;
      return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    };
    const registry = new ConnectorCatalogue([{ connector: connector(slow), policy: { timeoutMs: 100, inquiryRetries: 3 } }], merchants);
    const bound = registry.forMid('merchant-1', {
      midId: 'mid-1',
      connector: 'upstream',
      connectorSettings: mid.settings,
      credentialsSealed: mid.credentials!.sealed,
    });
    await expect(
      bound.pay({ transId: 'our-5', amount: 100, currency: 'USD', card, authorize: false, externalThreeDs: false }),
    ).rejects.toThrow(AcquirerTimeoutError);
    expect(calls).toBe(1);
  });

  it('an answer names its order and amount; one about another order, amount or currency is no answer (undetermined)', async () => {
    const sale = (body: Record<string, unknown>) => ({
      status: 200,
      body: { result: 'SUCCESS', status: 'SETTLED', trans_id: 'up-7', currency: 'USD', ...body },
    });
    const t = fakeTransport([
      sale({ order_id: 'our-7', amount: '10.50' }),
      sale({ order_id: 'our-8', amount: '10.50' }),
      sale({ order_id: 'our-7', amount: '1.05' }),
      sale({ order_id: 'our-7', amount: '10.50', currency: 'EUR' }),
    ]);
    const bound = new ConnectorCatalogue([{ connector: connector(t.transport) }], merchants).forMid('merchant-1', {
      midId: 'mid-1',
      connector: 'upstream',
      connectorSettings: mid.settings,
      credentialsSealed: mid.credentials!.sealed,
    });
    const pay = () => bound.pay({ transId: 'our-7', amount: 1050, currency: 'USD', card, authorize: false, externalThreeDs: false });
    expect(await pay()).toMatchObject({ kind: 'approved', about: { reference: 'our-7', amount: 1050, currency: 'USD' } });
    for (let i = 0; i < 3; i++) await expect(pay()).rejects.toThrow(AnswerMismatchError);
  });

  it('an inquiry is tried again after a failure, up to the retries', async () => {
    const t = fakeTransport([
      new Error('ECONNRESET'),
      new Error('ECONNRESET'),
      { status: 200, body: { result: 'SUCCESS', status: 'DECLINED', trans_id: 'up-6', decline_reason: 'No' } },
    ]);
    const registry = new ConnectorCatalogue(
      [{ connector: connector(t.transport), policy: { timeoutMs: 1000, inquiryRetries: 2 } }],
      merchants,
    );
    const bound = await registry.forPayment(p);
    expect(
      await bound.inquire({
        transId: 'our-1',
        attemptId: 'our-1',
        type: 'SALE',
        amount: 100,
        currency: 'USD',
        startedAt: new Date().toISOString(),
      }),
    ).toEqual({ kind: 'declined', reason: 'No' });
    expect(t.sent).toHaveLength(3);
  });
});

describe('upstream connector: a late approval reversed (reverseLate)', () => {
  const reverse = (answers: Array<HttpAnswer | Error>) => {
    const t = fakeTransport(answers);
    const outcome = connector(t.transport).reverseLate!({
      mid,
      payment,
      transId: 'our-1',
      reference: 'our-1',
      amount: 1000,
      currency: 'USD',
    });
    return { t, outcome };
  };
  const status = (s: string, order = 'our-1') => ({
    status: 200,
    body: { result: 'SUCCESS', status: s, order_id: order, trans_id: 'up-20' },
  });
  const hash = formula2({ email: 'doe@example.com', password: PASSWORD, transId: 'up-20', cardNumber: '4111111111' });

  it("a settled payment: found by our reference, then VOID by the upstream's trans_id (reversed at once)", async () => {
    const { t, outcome } = reverse([
      status('SETTLED'),
      { status: 200, body: { action: 'VOID', result: 'SUCCESS', status: 'VOID', order_id: 'our-1', trans_id: 'up-20' } },
    ]);
    expect(await outcome).toMatchObject({ kind: 'approved' });
    expect(t.sent.map((s) => s.form.action)).toEqual(['GET_TRANS_STATUS_BY_ORDER', 'VOID']);
    expect(t.sent[1]!.form).toMatchObject({ trans_id: 'up-20', hash });
  });

  it('a VOID the upstream refuses (another financial day) reversed nothing: CREDITVOID of the whole amount instead', async () => {
    const { t, outcome } = reverse([
      status('SETTLED'),
      { status: 400, body: { result: 'ERROR', error_message: 'Void is not allowed.' } },
      { status: 200, body: { action: 'CREDITVOID', result: 'ACCEPTED', order_id: 'our-1', trans_id: 'up-20' } },
    ]);
    expect(await outcome).toEqual({ kind: 'pending', about: { reference: 'our-1' } });
    expect(t.sent.map((s) => [s.form.action, s.form.amount])).toEqual([
      ['GET_TRANS_STATUS_BY_ORDER', undefined],
      ['VOID', undefined],
      ['CREDITVOID', '10.00'],
    ]);
  });

  it('a held authorisation (PENDING): CREDITVOID, never VOID (settled payments only)', async () => {
    const { t, outcome } = reverse([
      status('PENDING'),
      { status: 200, body: { action: 'CREDITVOID', result: 'ACCEPTED', order_id: 'our-1', trans_id: 'up-20' } },
    ]);
    expect(await outcome).toMatchObject({ kind: 'pending' });
    expect(t.sent.map((s) => s.form.action)).toEqual(['GET_TRANS_STATUS_BY_ORDER', 'CREDITVOID']);
  });

  it('no answer to the VOID: thrown (never followed by a CREDITVOID), nothing else sent', async () => {
    const { t, outcome } = reverse([status('SETTLED'), new Error('socket hang up')]);
    await expect(outcome).rejects.toThrow(AcquirerTimeoutError);
    expect(t.sent.map((s) => s.form.action)).toEqual(['GET_TRANS_STATUS_BY_ORDER', 'VOID']);
  });

  it('already reversed there, unknown there, or a status about another order: nothing sent', async () => {
    for (const held of ['VOID', 'REFUND', 'REVERSAL']) {
      const { t, outcome } = reverse([status(held)]);
      expect(await outcome).toEqual({ kind: 'declined', reason: `Nothing to reverse: the upstream has the payment ${held}.` });
      expect(t.sent).toHaveLength(1);
    }
    const missing = reverse([{ status: 400, body: { result: 'ERROR', error_code: 101000, error_message: 'Order does not exist.' } }]);
    expect(await missing.outcome).toEqual({ kind: 'declined', reason: UPSTREAM_NOT_FOUND });
    const another = reverse([status('SETTLED', 'their-order')]);
    await expect(another.outcome).rejects.toThrow(AnswerMismatchError);
    expect(another.t.sent).toHaveLength(1);
  });
});
