/**
 * The bench merchant's notification URL: answers OK and notes which callbacks arrived (by event id, once).
 * The receiver runs in its own process (callback-sink-process.ts): the merchant's CPU is not the platform's.
 */
import type { ChildProcess } from 'node:child_process';
import { endChild, forkModule } from './child-process.js';

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
  /** CPU time the receiver's process used so far, in ms (the merchant's side, not the platform's). */
  cpuMs(): number;
  waitFor(count: number, timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export async function startCallbackSink(): Promise<CallbackSink> {
  const seen = new Set<string>();
  const byTransId = new Map<string, Set<string>>();
  const deliveries = new Map<string, number>();
  let duplicates = 0;
  let cpuMs = 0;
  let port = 0;
  const child: ChildProcess = await forkModule(new URL('./callback-sink-process.ts', import.meta.url), (m: { port?: number }) => {
    port = m.port ?? 0;
  });
  child.on('message', (m: { arrivals?: [string, string][]; cpuMs?: number }) => {
    for (const [eventId, transId] of m.arrivals ?? []) {
      if (seen.has(eventId)) duplicates++;
      seen.add(eventId);
      const set = byTransId.get(transId) ?? new Set<string>();
      set.add(eventId);
      byTransId.set(transId, set);
      deliveries.set(transId, (deliveries.get(transId) ?? 0) + 1);
    }
    if (m.cpuMs !== undefined) cpuMs = m.cpuMs;
  });
  return {
    url: `http://127.0.0.1:${port}/callbacks`,
    received: () => seen.size,
    duplicates: () => duplicates,
    byTransId,
    deliveries,
    cpuMs: () => cpuMs,
    async waitFor(count, timeoutMs) {
      const until = Date.now() + timeoutMs;
      while (seen.size < count && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      return seen.size >= count;
    },
    close: () => endChild(child),
  };
}
