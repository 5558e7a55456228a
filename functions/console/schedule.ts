/** GET /console/api/schedules/{scheduleId} — one schedule and the subscriptions following it. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { SCHEDULE_PORTS } from './ports.js';
import { showSchedule } from '../../shared/operations/console/schedules.js';

export const handler = consoleRoute(
  'GET /console/api/schedules/{scheduleId}',
  { ports: composition(SCHEDULE_PORTS) },
  async ({ cx, p, params }) => ({
    body: await showSchedule(cx, p, params.scheduleId ?? ''),
  }),
);
