/** The recurring-charge queue on SQS: the schedule runner sends, the charge consumer reads (parseRecurringCharge). */
import { SqsRecurringChargeQueue, parseRecurringChargeMessage } from '../../adapters/aws/sqs-recurring-charges.js';
import type { RecurringChargeQueue } from '../../ports/schedules.js';
import { config } from './core.js';
import { port } from './port.js';

export const recurringQueue: () => RecurringChargeQueue = /* @__PURE__ */ port(
  () => new SqsRecurringChargeQueue(config().RECURRING_QUEUE_URL),
);

/** The adapter that writes a message also reads it, so the consumer decodes a record without knowing it is SQS. */
export const parseRecurringCharge = parseRecurringChargeMessage;
