/**
 * A stand-in for an upstream gateway (or for what an upstream URL may point at instead), on 127.0.0.1: it records
 * every request it gets and answers as `mode` says — the protocol (an unknown order is "Order does not exist.", a
 * SALE is approved), a 307 to another address, a web page, or the protocol's refusal of the client_key or the hash;
 * or an acquirer's bad day: a request read and then its reused connection reset (`reset-reused`: the SALEs it read
 * are then found by GET_TRANS_STATUS_BY_ORDER, approved), or this platform's own 409 for a request it is still
 * processing (`in-progress`), or a soft decline of a payment's first cascade attempt, approving its later ones
 * (`soft-first`: an order_id without `-aN`). For the answers a second instance of the platform cannot be made to give
 * (test/integration/connectors).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectionCounter, readBody } from './resetting-server.js';

export type GatewayMode = 'protocol' | 'redirect' | 'html' | 'unknown-key' | 'hash-error' | 'reset-reused' | 'in-progress' | 'soft-first';

export interface FakeGateway {
  url: string;
  mode: GatewayMode;
  /** Where a 307 points (mode redirect). */
  redirectTo?: string;
  /** Every request read; `reset`: its connection was reset instead of answered (mode reset-reused). */
  received: Array<{ path: string; raw: string; form: Record<string, string>; reused: boolean; reset: boolean }>;
  close(): Promise<void>;
}

export async function startFakeGateway(mode: GatewayMode = 'protocol'): Promise<FakeGateway> {
  const gateway: FakeGateway = { url: '', mode, received: [], close: async () => undefined };
  const count = connectionCounter();
  /** SALEs read in mode reset-reused, by order_id. */
  const read = new Set<string>();
  const server: Server = createServer(async (req, res) => {
    const { reused } = count(req.socket);
    const raw = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(raw));
    const reset = gateway.mode === 'reset-reused' && reused;
    gateway.received.push({ path: req.url ?? '', raw, form, reused, reset });
    if (gateway.mode === 'reset-reused' && form.action === 'SALE') read.add(form.order_id ?? '');
    if (reset) {
      req.socket.resetAndDestroy();
      return;
    }
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (gateway.mode === 'soft-first' && form.action === 'SALE' && !/-a\d+$/.test(form.order_id ?? '')) {
      return json(200, {
        action: 'SALE',
        result: 'DECLINED',
        status: 'DECLINED',
        order_id: form.order_id,
        trans_id: `fake-${form.order_id}`,
        decline_reason: 'Issuer unavailable.',
      });
    }
    switch (gateway.mode) {
      case 'redirect':
        res.writeHead(307, { location: gateway.redirectTo ?? '/' });
        res.end();
        return;
      case 'html':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><title>Shop</title><h1>Welcome</h1>');
        return;
      case 'unknown-key':
        return json(400, { result: 'ERROR', error_code: 100000, error_message: 'client_key: This value is not correct.' });
      case 'hash-error':
        return json(400, {
          result: 'ERROR',
          error_code: 100000,
          error_message: 'Request data is invalid.',
          errors: [{ error_code: 100000, error_message: 'hash: Hash is not valid.' }],
        });
      case 'in-progress':
        // This platform's answer to a request while an identical one holds the idempotency claim.
        return json(409, { result: 'ERROR', error_code: 400, error_message: 'The same request is being processed.' });
      default:
        if (form.action === 'GET_TRANS_STATUS_BY_ORDER' && read.has(form.order_id ?? '')) {
          return json(200, {
            action: 'GET_TRANS_STATUS_BY_ORDER',
            result: 'SUCCESS',
            status: 'SETTLED',
            order_id: form.order_id,
            trans_id: `fake-${form.order_id}`,
          });
        }
        if (form.action === 'SALE')
          return json(200, {
            action: 'SALE',
            result: 'SUCCESS',
            status: 'SETTLED',
            order_id: form.order_id,
            trans_id: `fake-${form.order_id}`,
          });
        return json(400, { result: 'ERROR', error_code: 101000, error_message: 'Order does not exist.' });
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  gateway.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  gateway.close = () => new Promise<void>((r) => server.close(() => r()));
  return gateway;
}
