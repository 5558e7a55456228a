/** POST /console/api/schedules/{scheduleId}/{pause|resume} — through the schedule ops events' operation. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { SCHEDULE_ACTION_PORTS } from './ports.js';
import { actOnSchedule } from '../../shared/operations/console/schedules.js';

export const handler = consoleRoute(
  'POST /console/api/schedules/{scheduleId}/{action}',
  { ports: composition(SCHEDULE_ACTION_PORTS) },
  async ({ cx, p, params }) => ({
    body: await actOnSchedule(cx, p, params.scheduleId ?? '', params.action ?? ''),
  }),
);
