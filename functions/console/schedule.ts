/** GET /console/api/schedules/{scheduleId} — one schedule and the subscriptions following it. */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config } from '../../shared/composition/core.js';
import { schedules } from '../../shared/composition/schedules.js';
import { showSchedule } from '../../shared/operations/console/schedules.js';

export const handler = consoleRoute(
  'GET /console/api/schedules/{scheduleId}',
  { ports: composition({ config, schedules }) },
  async ({ cx, p, params }) => ({
    body: await showSchedule(cx, p, params.scheduleId ?? ''),
  }),
);
