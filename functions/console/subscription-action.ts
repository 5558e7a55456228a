/**
 * POST /console/api/schedules/{scheduleId}/subscriptions/{recurringToken}/{pause|resume|run-now|amount} — through the
 * schedule ops events' operation; `amount` takes {"amount": "12.50"}.
 */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { SCHEDULE_ACTION_PORTS } from './ports.js';
import { actOnSubscription } from '../../shared/operations/console/schedules.js';

export const handler = consoleRoute(
  'POST /console/api/schedules/{scheduleId}/subscriptions/{recurringToken}/{action}',
  { ports: composition(SCHEDULE_ACTION_PORTS) },
  async ({ cx, p, params, body }) => ({
    body: await actOnSubscription(cx, p, params.scheduleId ?? '', params.recurringToken ?? '', params.action ?? '', body),
  }),
);
