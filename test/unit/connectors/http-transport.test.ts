/**
 * The acquirer transport: every address a host resolves to is vetted on every call (the stage's rules: live https
 * to public addresses, sandbox also http and loopback), the POST goes to the vetted address, and a redirect is
 * returned as it is, never followed. A request whose reused connection is reset after it was read (a real server,
 * test/support/resetting-server.ts) is sent again only when the caller said it is an inquiry.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquirerAddressRules, AcquirerUrlRefusedError, pinnedTransport } from '../../../shared/adapters/connectors/http-transport.js';
import type { Resolver } from '../../../shared/lib/net/public-url.js';
import { checkoutComTransport } from '../../../shared/adapters/connectors/checkout-com-transport.js';
import { adyenTransport } from '../../../shared/adapters/connectors/adyen-transport.js';
import { startResettingServer } from '../../support/resetting-server.js';

let port: number;
let hits: string[] = [];
/** Method, path, body and content-length of each request (the GET lookups send no body). */
let requests: Array<{ method: string; url: string; body: string; length: string | undefined }> = [];
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    // Answered once the request is read whole, so what it carried is recorded before the caller has its answer.
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', body, length: req.headers['content-length'] });
      if (req.url === '/moved/post') {
        res.writeHead(307, { location: '/post' });
        res.end('{"result":"SUCCESS","status":"SETTLED"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url?.endsWith('/actions') ? '[{"id":"act_1","type":"Capture"}]' : '{"result":"ERROR","error_code":101000}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const inquiry = { resend: 'on-reset' } as const;

/** A resolver with fixed answers, counting the questions. */
function resolver(answers: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve: Resolver = async (host) => {
    asked.push(host);
    const list = answers[host];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { asked, resolve };
}

describe('pinnedTransport', () => {
  it('a 307 is the answer: not followed, nothing sent where it points', async () => {
    hits = [];
    const send = pinnedTransport(acquirerAddressRules('sandbox'));
    expect(await send(`http://127.0.0.1:${port}/moved/post`, { action: 'SALE' }, inquiry)).toEqual({
      status: 307,
      body: { result: 'SUCCESS', status: 'SETTLED' },
    });
    expect(hits).toEqual(['/moved/post']);
  });

  it('every address of the name, on every call: one private answer refuses it, before anything is sent', async () => {
    hits = [];
    const dns = resolver({ 'gateway.test': ['127.0.0.1'], 'split.test': ['127.0.0.1', '10.0.0.5'], 'metadata.test': ['169.254.169.254'] });
    const send = pinnedTransport(acquirerAddressRules('sandbox'), dns.resolve);
    expect((await send(`http://gateway.test:${port}/post`, {}, inquiry)).status).toBe(200);
    expect((await send(`http://gateway.test:${port}/post`, {}, inquiry)).status).toBe(200);
    expect(dns.asked.filter((h) => h === 'gateway.test')).toHaveLength(2);
    await expect(send(`http://split.test:${port}/post`, {}, inquiry)).rejects.toThrow(
      new AcquirerUrlRefusedError('split.test resolves to private address 10.0.0.5'),
    );
    await expect(send(`http://metadata.test:${port}/post`, {}, inquiry)).rejects.toThrow(/link-local address 169\.254\.169\.254/);
    expect(hits).toEqual(['/post', '/post']);
  });

  it('live: https only, and a name resolving to loopback is refused', async () => {
    const dns = resolver({ 'gateway.test': ['127.0.0.1'] });
    const send = pinnedTransport(acquirerAddressRules('live'), dns.resolve);
    await expect(send(`http://203.0.113.9/post`, {}, inquiry)).rejects.toThrow(/not an https URL/);
    await expect(send(`https://gateway.test:${port}/post`, {}, inquiry)).rejects.toThrow(
      new AcquirerUrlRefusedError('gateway.test resolves to loopback address 127.0.0.1'),
    );
    await expect(send(`https://user:pw@gateway.test/post`, {}, inquiry)).rejects.toThrow(/credentials in the URL/);
  });
});

describe('checkoutComTransport', () => {
  it('a lookup is a GET without a body; a POST carries its JSON; an array answer is read as items', async () => {
    requests = [];
    const send = checkoutComTransport(acquirerAddressRules('sandbox'));
    const got = await send(`http://127.0.0.1:${port}/payments/pay_1/actions`, { method: 'GET', headers: { authorization: 'Bearer sk' } });
    expect(got).toMatchObject({ status: 200, body: { items: [{ id: 'act_1', type: 'Capture' }] } });
    await send(`http://127.0.0.1:${port}/payments`, { method: 'POST', headers: {}, json: { amount: 1 } });
    expect(requests).toEqual([
      { method: 'GET', url: '/payments/pay_1/actions', body: '', length: undefined },
      { method: 'POST', url: '/payments', body: '{"amount":1}', length: '12' },
    ]);
  });

  it('vets the URL like every acquirer transport', async () => {
    const send = checkoutComTransport(acquirerAddressRules('live'));
    await expect(send('http://203.0.113.9/payments/pay_1', { method: 'GET', headers: {} })).rejects.toThrow(/not an https URL/);
  });
});

describe('a reused connection reset after the acquirer read the request', () => {
  it("the upstream's SALE is not sent again; its status lookup is", async () => {
    const acquirer = await startResettingServer(() => ({ result: 'SUCCESS' }));
    try {
      const send = pinnedTransport(acquirerAddressRules('sandbox'));
      await send(acquirer.url, { action: 'GET_TRANS_STATUS_BY_ORDER' }, inquiry);
      await expect(send(acquirer.url, { action: 'SALE', order_id: 'o-1' }, { resend: 'never' })).rejects.toMatchObject({
        code: 'ECONNRESET',
      });
      await send(acquirer.url, { action: 'GET_TRANS_STATUS_BY_ORDER' }, inquiry);
      expect((await send(acquirer.url, { action: 'GET_TRANS_STATUS_BY_ORDER', order_id: 'o-1' }, inquiry)).status).toBe(200);
      const actions = acquirer.received.map((r) => [new URLSearchParams(r.body).get('action'), r.reset]);
      expect(actions).toEqual([
        ['GET_TRANS_STATUS_BY_ORDER', false],
        ['SALE', true],
        ['GET_TRANS_STATUS_BY_ORDER', false],
        ['GET_TRANS_STATUS_BY_ORDER', true],
        ['GET_TRANS_STATUS_BY_ORDER', false],
      ]);
    } finally {
      await acquirer.close();
    }
  });

  it('an Adyen request is never sent again', async () => {
    const adyen = await startResettingServer(() => ({ resultCode: 'Authorised' }));
    try {
      const send = adyenTransport(acquirerAddressRules('sandbox'));
      const call = (reference: string) => ({ headers: { 'idempotency-key': reference }, json: { reference } });
      expect((await send(`${adyen.url}payments`, call('t-1'))).status).toBe(200);
      await expect(send(`${adyen.url}payments`, call('t-2'))).rejects.toMatchObject({ code: 'ECONNRESET' });
      expect(adyen.received.map((r) => [JSON.parse(r.body).reference, r.reset])).toEqual([
        ['t-1', false],
        ['t-2', true],
      ]);
    } finally {
      await adyen.close();
    }
  });
});
