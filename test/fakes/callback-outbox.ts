/**
 * The CallbackOutbox port (shared/ports/callbacks.ts) in memory, over the callbacks a MemoryPaymentStore wrote with
 * its state changes (the outbox is written in the payment's transaction, so both fakes share its items), with the
 * DynamoDB adapter's rules (shared/adapters/aws/dynamo-callback-outbox.ts), held to it by
 * test/contracts/callback-outbox.contract.ts: one consumer at a time holds a callback's lease; an attempt is
 * recorded only under the lease that made it; a retry waits for its time; the sweeper's list holds what no consumer
 * has handed to SQS; FAILED callbacks are listed per merchant until reopened.
 */
import type { CallbackMessage, CallbackRecord, DeliveryAttempt, StoredCallback } from '../../shared/domain/callback.js';
import type { AttemptOutcome, CallbackOutbox, Finished, SweepEntry, Take } from '../../shared/ports/callbacks.js';
import type { Alongside } from '../../shared/ports/transaction-items.js';

/** A callback as the outbox keeps it: the callback, and the index entries and log the adapter keeps beside it. */
export interface OutboxItem {
  cb: StoredCallback;
  /** On the sweeper's list: "<sweep time>#<event id>". */
  sweepKey?: string;
  /** On the merchant's FAILED list: "<failed at>#<trans id>#<seq>". */
  failedKey?: string;
  deliveries: Pick<DeliveryAttempt, 'attempt' | 'at' | 'latencyMs' | 'outcome' | 'httpStatus' | 'error' | 'signature'>[];
  successorWaiting?: string;
}

/** The items, by their order within the payment (the adapter's sort key). */
export type OutboxItems = Map<string, OutboxItem>;

export const outboxKey = (c: Pick<CallbackRecord, 'transId' | 'seq' | 'eventId'>) =>
  `${c.transId}#${String(c.seq).padStart(6, '0')}#${c.eventId}`;

/** A callback recorded with its payment's state change: PENDING, never attempted, due for the sweeper at once. */
export function newOutboxItem(c: CallbackRecord): OutboxItem {
  return { cb: { ...structuredClone(c), delivery: 'PENDING', attempts: 0 }, sweepKey: `${c.createdAt}#${c.eventId}`, deliveries: [] };
}

const open = (i: OutboxItem) => i.cb.delivery === 'PENDING' || i.cb.delivery === 'HELD';
const notLeased = (i: OutboxItem, now: string) => i.cb.leaseUntil === undefined || i.cb.leaseUntil < now;

export class MemoryCallbackOutbox implements CallbackOutbox {
  constructor(private readonly items: OutboxItems) {}

  async get(msg: CallbackMessage): Promise<StoredCallback | undefined> {
    return read(this.items.get(outboxKey(msg)));
  }

  async getBySeq(transId: string, seq: number): Promise<StoredCallback | undefined> {
    return read(this.ofPayment(transId).find((i) => i.cb.seq === seq));
  }

  async forPayment(transId: string): Promise<StoredCallback[]> {
    return this.ofPayment(transId).map((i) => read(i)!);
  }

  async claim(cb: CallbackMessage, lease: { id: string; until: string; now: string }): Promise<StoredCallback | undefined> {
    return (await this.take(cb, lease)).claimed;
  }

  async take(cb: CallbackMessage, lease: { id: string; until: string; now: string }): Promise<Take> {
    const item = this.items.get(outboxKey(cb));
    if (!item) return { current: undefined };
    const due = item.cb.nextAttemptAt === undefined || item.cb.nextAttemptAt <= lease.now;
    if (!open(item) || !notLeased(item, lease.now) || !due) {
      // The same claim sent again (its answer was lost): the lease is ours, counted once.
      return item.cb.leaseId === lease.id ? { claimed: read(item)! } : { current: read(item) };
    }
    Object.assign(item.cb, { delivery: 'PENDING', leaseId: lease.id, leaseUntil: lease.until, attempts: item.cb.attempts + 1 });
    delete item.cb.nextAttemptAt;
    // Back on the sweeper's list at the lease end, unless still on it (a first attempt keeps its time).
    item.sweepKey ??= `${lease.until}#${cb.eventId}`;
    return { claimed: read(item)! };
  }

  async release(cb: StoredCallback, leaseId: string): Promise<boolean> {
    const item = this.items.get(outboxKey(cb));
    if (!item || item.cb.leaseId !== leaseId) return false;
    item.cb.attempts -= 1;
    delete item.cb.leaseId;
    delete item.cb.leaseUntil;
    delete item.sweepKey;
    return true;
  }

  async recordAttempt(cb: StoredCallback, leaseId: string, attempt: DeliveryAttempt, outcome: AttemptOutcome): Promise<boolean> {
    return (await this.finish(cb, leaseId, attempt, outcome)).recorded;
  }

  async finish(cb: StoredCallback, leaseId: string, attempt: DeliveryAttempt, outcome: AttemptOutcome): Promise<Finished> {
    const item = this.items.get(outboxKey(cb));
    if (!item) return { recorded: false };
    // The POST happened whoever holds the lease now: it is logged either way.
    item.deliveries.push(logEntry(attempt));
    if (item.cb.leaseId !== leaseId) return { recorded: false };
    const last = defined({ at: attempt.at, httpStatus: attempt.httpStatus, latencyMs: attempt.latencyMs, error: attempt.error });
    const c = item.cb;
    delete c.leaseId;
    delete c.leaseUntil;
    delete item.sweepKey;
    if (outcome.kind === 'delivered') {
      c.delivery = 'DELIVERED';
      // Read back from the log (read()).
      for (const gone of ['nextAttemptAt', 'blockedBySeq', 'failReason', 'lastAttempt', 'deliveredAt'] as const) delete c[gone];
      delete item.failedKey;
    } else if (outcome.kind === 'retry') {
      c.lastAttempt = last;
      c.nextAttemptAt = outcome.nextAttemptAt;
    } else {
      Object.assign(c, { delivery: 'FAILED', failedAt: attempt.at, lastAttempt: last });
      delete c.nextAttemptAt;
      item.failedKey = `${attempt.at}#${c.transId}#${c.seq}`;
    }
    return defined({ recorded: true, successorWaiting: item.successorWaiting, replays: c.replays });
  }

  async withPrevious(msg: CallbackMessage): Promise<{ previous?: StoredCallback; current?: StoredCallback }> {
    const items = this.ofPayment(msg.transId);
    return defined({
      previous: read(items.find((i) => i.cb.seq === msg.seq - 1)),
      current: read(items.find((i) => i.cb.seq === msg.seq && i.cb.eventId === msg.eventId)),
    });
  }

  async awaitPrevious(previous: StoredCallback, successorEventId: string, opts: { whileOpen: boolean }): Promise<boolean> {
    const item = this.items.get(outboxKey(previous));
    if (!item || (opts.whileOpen && !open(item))) return false;
    item.successorWaiting = successorEventId;
    return true;
  }

  async hold(cb: StoredCallback, recheckAt: string, now: string): Promise<boolean> {
    const item = this.items.get(outboxKey(cb));
    if (!item || !open(item) || !notLeased(item, now)) return false;
    item.cb.delivery = 'HELD';
    delete item.cb.nextAttemptAt;
    item.sweepKey = `${recheckAt}#${cb.eventId}`;
    return true;
  }

  async failUnattempted(cb: StoredCallback, now: string, reason: { error: string; blockedBySeq?: number }): Promise<boolean> {
    const item = this.items.get(outboxKey(cb));
    if (!item || !open(item) || !notLeased(item, now)) return false;
    Object.assign(item.cb, { delivery: 'FAILED', failReason: reason.error, failedAt: now });
    if (reason.blockedBySeq !== undefined) item.cb.blockedBySeq = reason.blockedBySeq;
    delete item.cb.nextAttemptAt;
    delete item.sweepKey;
    item.failedKey = `${now}#${item.cb.transId}#${item.cb.seq}`;
    return true;
  }

  async reopen(cb: StoredCallback, now: string, opts: { onlyBlocked?: boolean } & Alongside = {}): Promise<boolean> {
    const item = this.items.get(outboxKey(cb));
    if (!item || !notLeased(item, now)) return false;
    if (opts.onlyBlocked && (item.cb.delivery !== 'FAILED' || item.cb.blockedBySeq === undefined)) return false;
    const c = item.cb;
    // A replay counts; the release of a blocked successor does not.
    Object.assign(c, { delivery: 'PENDING', replays: (c.replays ?? 0) + (opts.onlyBlocked ? 0 : 1) });
    for (const gone of ['blockedBySeq', 'failReason', 'nextAttemptAt', 'failedAt'] as const) delete c[gone];
    delete item.failedKey;
    item.sweepKey = `${now}#${c.eventId}`;
    opts.alongside?.markStored();
    return true;
  }

  async leaveToQueue(cb: StoredCallback): Promise<void> {
    const item = this.items.get(outboxKey(cb));
    if (item?.sweepKey !== undefined && item.cb.leaseId === undefined) delete item.sweepKey;
  }

  async due(before: string, limit: number): Promise<SweepEntry[]> {
    return [...this.items.values()]
      .filter((i) => i.sweepKey !== undefined && i.sweepKey < before)
      .sort((a, b) => (a.sweepKey! < b.sweepKey! ? -1 : 1))
      .slice(0, limit)
      .map((i) => ({ ...read(i)!, sweepKey: i.sweepKey! }));
  }

  async postponeSweep(entry: SweepEntry, until: string): Promise<void> {
    const item = this.items.get(outboxKey(entry));
    if (item && item.sweepKey === entry.sweepKey) item.sweepKey = `${until}#${entry.eventId}`;
  }

  async failedFor(clientKey: string, limit: number): Promise<StoredCallback[]> {
    return [...this.items.values()]
      .filter((i) => i.failedKey !== undefined && i.cb.clientKey === clientKey)
      .sort((a, b) => (a.failedKey! < b.failedKey! ? -1 : 1))
      .slice(0, limit)
      .map((i) => read(i)!);
  }

  private ofPayment(transId: string): OutboxItem[] {
    return [...this.items.entries()]
      .filter(([, i]) => i.cb.transId === transId)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([, i]) => i);
  }
}

/** The callback as read: a delivered one's time and last attempt come from its log, as the adapter keeps them. */
function read(item: OutboxItem | undefined): StoredCallback | undefined {
  if (!item) return undefined;
  const out = structuredClone(item.cb);
  const last = item.deliveries.at(-1);
  if (last && out.delivery === 'DELIVERED') {
    out.deliveredAt ??= item.deliveries.findLast((e) => e.outcome === 'DELIVERED')?.at ?? last.at;
    out.lastAttempt ??= defined({ at: last.at, latencyMs: last.latencyMs, httpStatus: last.httpStatus, error: last.error });
  }
  return out;
}

function logEntry(a: DeliveryAttempt): OutboxItem['deliveries'][number] {
  return defined({
    attempt: a.attempt,
    at: a.at,
    latencyMs: a.latencyMs,
    outcome: a.outcome,
    httpStatus: a.httpStatus,
    error: a.error,
    signature: a.signature,
  });
}

/** Without its undefined members, as the adapter's writes leave them out. */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
