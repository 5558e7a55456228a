/** The bench merchant's notification URL: answers OK and notes which callbacks arrived (by event id, once). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CallbackSink {
  url: string;
  /** Distinct callbacks (X-Callback-Event-Id) received. */
  received(): number;
  /** Deliveries of an event id already received (a duplicate POST). */
  duplicates(): number;
  /** Event ids per trans_id, for the soak's reconciliation. */
  byTransId: Map<string, Set<string>>;
  /** POSTs per trans_id (more than its event ids: a duplicate delivery). */
  deliveries: Map<string, number>;
  waitFor(count: number, timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export async function startCallbackSink(): Promise<CallbackSink> {
  const seen = new Set<string>();
  const byTransId = new Map<string, Set<string>>();
  const deliveries = new Map<string, number>();
  let duplicates = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const eventId = String(req.headers['x-callback-event-id'] ?? '');
      const transId = new URLSearchParams(Buffer.concat(chunks).toString()).get('trans_id') ?? '';
      if (seen.has(eventId)) duplicates++;
      seen.add(eventId);
      const set = byTransId.get(transId) ?? new Set<string>();
      set.add(eventId);
      byTransId.set(transId, set);
      deliveries.set(transId, (deliveries.get(transId) ?? 0) + 1);
      res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callbacks`,
    received: () => seen.size,
    duplicates: () => duplicates,
    byTransId,
    deliveries,
    async waitFor(count, timeoutMs) {
      const until = Date.now() + timeoutMs;
      while (seen.size < count && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      return seen.size >= count;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}
