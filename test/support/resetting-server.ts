/**
 * A real HTTP server on 127.0.0.1 that plays an acquirer's bad day at the connection level: it answers the first
 * request on each connection (keeping the connection alive), and on a connection it already answered on, it reads the
 * whole request and then resets the connection (TCP RST) without answering. The client cannot tell whether the
 * request was processed — the case of a pooled connection reset under a request (shared/lib/net/pinned-post.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Received {
  body: string;
  /** Which connection it came on (1, 2, …) and whether it was reset instead of answered. */
  connection: number;
  reset: boolean;
}

export interface ResettingServer {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Per connection: its number and how many requests it carried; shared by servers that reset reused connections. */
export function connectionCounter() {
  const seen = new WeakMap<Socket, { id: number; requests: number }>();
  let connections = 0;
  return (socket: Socket) => {
    let c = seen.get(socket);
    if (!c) {
      c = { id: ++connections, requests: 0 };
      seen.set(socket, c);
    }
    c.requests += 1;
    return { connection: c.id, reused: c.requests > 1 };
  };
}

export async function startResettingServer(answer: (body: string) => unknown = () => ({ ok: true })): Promise<ResettingServer> {
  const received: Received[] = [];
  const count = connectionCounter();
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const { connection, reused } = count(req.socket);
    const body = await readBody(req);
    received.push({ body, connection, reset: reused });
    if (reused) {
      req.socket.resetAndDestroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer(body)));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    received,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
