/** POST /console/api/schedules/{scheduleId}/{pause|resume} — through the schedule ops events' operation. */
import { consoleRoute } from '../../shared/http/console.js';
import { actOnSchedule } from '../../shared/operations/console/schedules.js';

export const handler = consoleRoute('POST /console/api/schedules/{scheduleId}/{action}', async ({ cx, p, params }) => ({
  body: await actOnSchedule(cx, p, params.scheduleId ?? '', params.action ?? ''),
}));
