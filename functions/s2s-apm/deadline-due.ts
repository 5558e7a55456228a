/**
 * Ops event ApmDeadlineDue — a payment's deadline wake-up (put on the ops bus by its EventBridge Scheduler one-time
 * schedule). Waits out the seconds to the deadline and declines the payment "expired" with its callback, unless the
 * provider's notification closed it first. A detail without a payment id is dropped; errors throw, so it is retried.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { composition } from '../../shared/entry/composition/compose.js';
import { DEADLINE_PORTS } from './ports.js';
import { expireWhenDue } from '../../shared/operations/providers/deadlines.js';
import { logger } from '../../shared/lib/logger.js';
import { lambdaHandler } from '../../shared/entry/middleware/handler.js';

const ports = composition(DEADLINE_PORTS);

export const handler = lambdaHandler(
  'apm deadline due',
  async (event: EventBridgeEvent<string, { transId?: unknown }>): Promise<{ expired: number }> => {
    const transId = event.detail?.transId;
    if (typeof transId !== 'string') {
      logger.error('apm deadline event without a payment', { eventId: event.id });
      return { expired: 0 };
    }
    const expired = await expireWhenDue(ports(), transId);
    if (expired) logger.info('apm deadline expired', { transId });
    return { expired };
  },
);
