/**
 * Admin replays. A replay puts the callback back to PENDING (a fresh SQS message, so a fresh retry budget) with the
 * same event id and fields; the merchant can recognise it as the same event. Order within a payment still holds.
 */
import type { CallbackMessage, StoredCallback } from '../../domain/callback.js';
import { ValidationError } from '../../domain/errors.js';
import type { CallbackContext } from './context.js';
import type { Alongside } from '../../ports/transaction-items.js';

const MAX_DEAD_LETTERS_PER_RUN = 1000;
const MAX_FAILED_PER_RUN = 1000;

export interface Replayed {
  transId: string;
  seq: number;
  eventId: string;
  /** State before the replay. */
  was: StoredCallback['delivery'];
}

/** Replays one callback of a payment, named by its seq or its event id (any state but one being POSTed now). */
/** `alongside`: stored with the callback's reopening (a console replay's audit entry). */
export async function replayCallback(ctx: CallbackContext, transId: string, ref: string, opts: Alongside = {}): Promise<Replayed> {
  const all = await ctx.outbox.forPayment(transId);
  const cb = all.find((c) => c.eventId === ref || String(c.seq) === ref);
  if (!cb) throw ValidationError.notCorrect('callback');
  if (!(await ctx.outbox.reopen(cb, ctx.clock.now().toISOString(), opts))) {
    throw ValidationError.field('callback', 'The callback is being delivered right now; try again in a minute.');
  }
  await ctx.queue.send([message(cb)]);
  return { transId: cb.transId, seq: cb.seq, eventId: cb.eventId, was: cb.delivery };
}

/**
 * Replays every failed callback of a merchant: the ones in the dead-letter queue (whatever their recorded state,
 * e.g. a consumer that died on the last receive) and the ones recorded FAILED. Other merchants' dead letters stay.
 */
export async function replayFailed(ctx: CallbackContext, clientKey: string): Promise<{ replayed: Replayed[]; deadLettersRemoved: number }> {
  const now = () => ctx.clock.now().toISOString();
  const picked = new Map<string, StoredCallback>();
  let deadLettersRemoved = 0;
  const others: string[] = [];
  const seen = new Set<string>();

  for (let handled = 0; handled < MAX_DEAD_LETTERS_PER_RUN;) {
    const letters = await ctx.queue.receiveDeadLetters(10);
    const fresh = letters.filter((l) => !seen.has(l.messageId));
    if (fresh.length === 0) break;
    for (const letter of fresh) {
      seen.add(letter.messageId);
      handled++;
      const cb = letter.message ? await ctx.outbox.get(letter.message) : undefined;
      if (!cb || cb.clientKey !== clientKey) {
        // Another merchant's, or unreadable: left for its owner or an operator.
        others.push(letter.receiptHandle);
        continue;
      }
      if (cb.delivery !== 'DELIVERED') picked.set(cb.eventId, cb);
      // The replay sends a new message; this one is done either way.
      await ctx.queue.deleteDeadLetter(letter.receiptHandle);
      deadLettersRemoved++;
    }
  }
  // Received but not ours: visible again for whoever comes next.
  await Promise.all(others.map((h) => ctx.queue.returnDeadLetter(h)));

  for (const cb of await ctx.outbox.failedFor(clientKey, MAX_FAILED_PER_RUN)) picked.set(cb.eventId, cb);

  const ordered = [...picked.values()].sort((a, b) => (a.transId === b.transId ? a.seq - b.seq : a.transId < b.transId ? -1 : 1));
  const replayed: Replayed[] = [];
  const messages: CallbackMessage[] = [];
  for (const cb of ordered) {
    if (!(await ctx.outbox.reopen(cb, now()))) continue;
    replayed.push({ transId: cb.transId, seq: cb.seq, eventId: cb.eventId, was: cb.delivery });
    messages.push(message(cb));
  }
  await ctx.queue.send(messages);
  return { replayed, deadLettersRemoved };
}

function message(cb: StoredCallback): CallbackMessage {
  return { transId: cb.transId, eventId: cb.eventId, seq: cb.seq };
}
