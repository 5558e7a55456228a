/**
 * Table stream: payment INSERT, payment MODIFY, callback MODIFY — the ledger's journals (operations/ledger/journal-changes) and the
 * dashboard's hourly counters (operations/console/count-stream) from the same batch, so a payment at low volume
 * costs one invocation here instead of one for each job, and the table's stream has two readers a shard (this and the
 * outbox's), the most DynamoDB Streams serves without throttling.
 *
 * Both jobs run on every batch, side by side. Each takes a record once however often it sees it (a journal's id is
 * derived from its movement; a counter item keeps the last sequence number it took from each shard), so when either
 * fails the batch is failed whole: Lambda retries it (bisecting), the job that had finished writes nothing again, and
 * the other takes what it missed.
 *
 * It also arms the one-time wake-up of each APM deadline a payment write created (operations/providers/arm-deadlines),
 * so the request carries no Scheduler client and the arming costs no invocation of its own. Arming never fails the
 * batch (a refusal is logged; the deadline sweeper is its backstop), so journals and counters are not retried for it.
 *
 * Its mapping has a tumbling window only because that is how Lambda names a batch's shard (`shardId`), which the
 * counters' retry check needs; the window's state is not used.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { composition } from '../../shared/entry/composition/compose.js';
import { clock } from '../../shared/entry/composition/core.js';
import { PAYMENT_CHANGES_PORTS } from './ports.js';
import { consoleContext } from '../../shared/entry/composition/console.js';
import { deadlineChanges, deadlineTimers } from '../../shared/entry/composition/deadline-timers.js';
import { feeSchedules, ledger, ledgerChanges } from '../../shared/entry/composition/ledger.js';
import { armDeadlines } from '../../shared/operations/providers/arm-deadlines.js';
import { countTableChanges } from '../../shared/operations/console/count-stream.js';
import { COUNTED_ATTRIBUTES } from '../../shared/operations/console/counter-deltas.js';
import { journalChanges } from '../../shared/operations/ledger/journal-changes.js';
import { lambdaHandler } from '../../shared/entry/middleware/handler.js';

type WindowedEvent = DynamoDBStreamEvent & { shardId?: string };

const ports = composition(PAYMENT_CHANGES_PORTS);

export const handler = lambdaHandler(
  'payment changes stream',
  async (
    event: WindowedEvent,
  ): Promise<{ state: Record<string, never>; journals: number; written: number; items: number; deadlinesArmed: number }> => {
    // Without the shard the counters' retry check cannot work: fail loudly rather than count twice.
    if (!event.shardId) throw new Error('stream batch without shardId: the mapping needs its tumbling window');
    const records = event.Records ?? [];
    const cx = consoleContext(ports());
    const [books, counted, armed] = await Promise.allSettled([
      journalChanges(ledger(), feeSchedules(), ledgerChanges()(records), clock()),
      countTableChanges(cx.counters, event.shardId, cx.tableChanges(records, COUNTED_ATTRIBUTES)),
      armDeadlines(deadlineTimers(), clock(), deadlineChanges()(records)),
    ]);
    if (books.status === 'rejected') throw books.reason;
    if (counted.status === 'rejected') throw counted.reason;
    // A windowed mapping treats an answer without `state` as a failure.
    // armDeadlines logs each refusal itself and never rejects; were it to, the sweeper still wakes the deadline.
    const deadlinesArmed = armed.status === 'fulfilled' ? armed.value : 0;
    return { state: {}, ...books.value, items: counted.value.items, deadlinesArmed };
  },
);
