/**
 * Table stream consumer: keeps the dashboard's hourly counters (payments by outcome, callback deliveries) from the
 * payment and callback items' changes, so the payment path writes nothing for them (operations/console/count-stream).
 * Its event-source mapping has a tumbling window only because that is how Lambda says which shard a batch came
 * from (`shardId`), which the counters' retry check needs; the window's state is not used.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { composition } from '../../shared/composition/compose.js';
import { config } from '../../shared/composition/core.js';
import { consoleContext } from '../../shared/composition/console.js';
import { countTableChanges } from '../../shared/operations/console/count-stream.js';
import { COUNTED_ATTRIBUTES } from '../../shared/operations/console/counter-deltas.js';
import { lambdaHandler } from '../../shared/middleware/handler.js';

type WindowedEvent = DynamoDBStreamEvent & { shardId?: string };

/** The console's context (its counters), with no payment port. */
const ports = composition({ config });

export const handler = lambdaHandler(
  'dashboard counters stream',
  async (event: WindowedEvent): Promise<{ state: Record<string, never>; items: number }> => {
    // Without the shard the retry check cannot work: fail loudly rather than count twice.
    if (!event.shardId) throw new Error('stream batch without shardId: the mapping needs its tumbling window');
    const cx = consoleContext(ports());
    const { items } = await countTableChanges(cx.counters, event.shardId, cx.tableChanges(event.Records ?? [], COUNTED_ATTRIBUTES));
    // A windowed mapping treats an answer without `state` as a failure.
    return { state: {}, items };
  },
);
