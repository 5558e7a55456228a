/** A real HTTP listener playing the merchant's notification URL; records every callback it receives. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseForm, type FormObject } from '../../shared/protocol/form.js';

export interface ReceivedCallback {
  at: number;
  headers: IncomingMessage['headers'];
  raw: string;
  fields: FormObject;
}

export interface MerchantServer {
  url: string;
  received: ReceivedCallback[];
  /** Decides the answer to each callback; default 200 "OK". */
  respond: (cb: ReceivedCallback, res: ServerResponse) => void | Promise<void>;
  close(): Promise<void>;
}

export async function startMerchantServer(): Promise<MerchantServer> {
  const state: MerchantServer = {
    url: '',
    received: [],
    respond: (_cb, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('OK');
    },
    close: async () => undefined,
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const cb: ReceivedCallback = { at: Date.now(), headers: req.headers, raw, fields: parseForm(raw) };
      state.received.push(cb);
      await state.respond(cb, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  state.close = () =>
    new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return state;
}
