/**
 * The network between a connector and its counterpart (Prism serving an acquirer's document, or an upstream
 * platform), on 127.0.0.1, playing the acquirer's bad days: every request is recorded (a test counts what reached
 * the acquirer) and passed on; the fault armed for the next request that matches decides what the connector gets
 * back. The counterpart always receives the request first, so each fault is the worst case for the connector: the
 * acquirer may have processed it.
 *   reset    the answer is dropped and the connection reset (TCP RST) after the request was written
 *   timeout  the answer is held until the connector gives up (closes the connection)
 *   answer   the given status and JSON body instead of the counterpart's (a 5xx, a duplicate / in-progress refusal),
 *            marked `x-injected-fault` and carrying the counterpart's request findings (Prism's sl-violations)
 *   rewrite  the counterpart's JSON answer, changed (an answer about another payment)
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './resetting-server.js';

export interface ProxiedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The fault it met, if any. */
  fault?: Fault['kind'];
}

export type Fault =
  | { kind: 'reset' }
  | { kind: 'timeout' }
  | { kind: 'answer'; status: number; body: unknown }
  | { kind: 'rewrite'; change: (json: Record<string, unknown>) => Record<string, unknown> };

export const INJECTED_FAULT_HEADER = 'x-injected-fault';

export interface FaultProxy {
  url: string;
  /** Every request the connector sent, in order. */
  received: ProxiedRequest[];
  /**
   * The fault for the next request `when` matches (once), or with `untilDisarmed` for every one until disarm(): an
   * acquirer that stays unreachable however often it is asked (an inquiry's own retries included).
   */
  arm(fault: Fault, when: (r: ProxiedRequest) => boolean, opts?: { untilDisarmed?: boolean }): void;
  /** The armed fault has not met its request yet (one held until disarmed: is still held). */
  armed(): boolean;
  /** Drops the armed fault; how many requests it met. */
  disarm(): number;
  close(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const base = new URL(target);
  let pending: { fault: Fault; when: (r: ProxiedRequest) => boolean; held: boolean; met: number } | undefined;
  const received: ProxiedRequest[] = [];

  const server: Server = createServer(async (req, res) => {
    const seen: ProxiedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: await readBody(req) };
    received.push(seen);
    const fault = pending?.when(seen) ? pending.fault : undefined;
    if (fault) {
      pending!.met += 1;
      if (!pending!.held) pending = undefined;
      seen.fault = fault.kind;
    }
    let answer: Awaited<ReturnType<typeof forward>>;
    try {
      answer = await forward(base, seen);
    } catch {
      // The counterpart is gone: the network says so, as a gateway would.
      res.writeHead(502).end();
      return;
    }
    if (fault?.kind === 'reset') {
      req.socket.resetAndDestroy();
      return;
    }
    // Held until the connector's deadline passes and it closes the connection.
    if (fault?.kind === 'timeout') return;
    if (fault?.kind === 'answer') {
      const found = answer.headers['sl-violations'];
      res.writeHead(fault.status, {
        'content-type': 'application/json',
        [INJECTED_FAULT_HEADER]: '1',
        ...(found ? { 'sl-violations': found } : {}),
      });
      res.end(JSON.stringify(fault.body));
      return;
    }
    let body = answer.body;
    if (fault?.kind === 'rewrite')
      body = Buffer.from(JSON.stringify(fault.change(JSON.parse(body.toString('utf8')) as Record<string, unknown>)));
    const headers = { ...answer.headers, 'content-length': String(body.length) };
    delete headers['transfer-encoding'];
    res.writeHead(answer.status, headers);
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    arm: (fault, when, opts) => {
      pending = { fault, when, held: !!opts?.untilDisarmed, met: 0 };
    },
    armed: () => pending !== undefined,
    disarm: () => {
      const met = pending?.met ?? 0;
      pending = undefined;
      return met;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** The request as it came, to the counterpart; its whole answer. */
function forward(base: URL, r: ProxiedRequest): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = { ...r.headers, host: base.host };
    const out = httpRequest({ host: base.hostname, port: base.port, method: r.method, path: r.path, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) }));
      answer.on('error', reject);
    });
    out.on('error', reject);
    out.end(r.body);
  });
}
