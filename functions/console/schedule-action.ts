/** POST /console/api/schedules/{scheduleId}/{pause|resume} — through the schedule ops events' operation. */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config, clock, newId } from '../../shared/composition/core.js';
import { schedules } from '../../shared/composition/schedules.js';
import { actOnSchedule } from '../../shared/operations/console/schedules.js';

export const handler = consoleRoute(
  'POST /console/api/schedules/{scheduleId}/{action}',
  { ports: composition({ config, clock, newId, schedules }) },
  async ({ cx, p, params }) => ({
    body: await actOnSchedule(cx, p, params.scheduleId ?? '', params.action ?? ''),
  }),
);
