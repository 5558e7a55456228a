/**
 * The smoke test's stand-in for the merchant's callback endpoint: an HTTP server on 127.0.0.1 (the merchant's
 * notification URL must point at it) that answers OK and keeps each callback, verified with the merchant's password
 * (the protocol hash; the X-Callback-Signature secret is the merchant's, which the smoke test does not know).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNATURE_HEADER, verifyCallback, type CallbackEvent } from '../../sdk/node/src/index.js';

export interface Received {
  event?: CallbackEvent;
  /** Why a callback that arrived did not verify. */
  error?: string;
  raw: string;
}

export interface CallbackListener {
  url: string;
  /** Resolves with the first callback for `transId` (verified or not), or undefined after `timeoutMs`. */
  waitFor(transId: string, timeoutMs: number): Promise<Received | undefined>;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isLoopback(url: string): boolean {
  return LOOPBACK.has(new URL(url).hostname);
}

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (text += c));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });

/** Listens where `callbackUrl` says (a loopback URL; port 0 picks a free one) and answers every POST with OK. */
export async function listenForCallbacks(callbackUrl: string, verify: { password: string; payerEmail: string }): Promise<CallbackListener> {
  const target = new URL(callbackUrl);
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  const server: Server = createServer(async (req, res) => {
    const raw = await body(req);
    let entry: Received;
    try {
      // The protocol hash only: the signature header's secret is the merchant's (docs/callbacks.md).
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== SIGNATURE_HEADER.toLowerCase()));
      entry = {
        raw,
        event: verifyCallback(raw, headers, {
          password: verify.password,
          payerEmail: verify.payerEmail,
          signingSecret: [],
          requireSignature: false,
        }),
      };
    } catch (err) {
      entry = { raw, error: (err as Error).message };
    }
    received.push(entry);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
    for (const wake of waiters) wake();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(target.port || 80), '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}${target.pathname}${target.search}`;

  const find = (transId: string) =>
    received.find((r) => (r.event ? r.event.raw.trans_id === transId : new URLSearchParams(r.raw).get('trans_id') === transId));
  return {
    url,
    waitFor: (transId, timeoutMs) =>
      new Promise((resolve) => {
        const done = (value: Received | undefined) => {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(value);
        };
        const check = () => {
          const hit = find(transId);
          if (hit) done(hit);
        };
        const timer = setTimeout(() => done(undefined), timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
