/** GET /console/api/schedules/{scheduleId} — one schedule and the subscriptions following it. */
import { consoleRoute } from '../../shared/http/console.js';
import { showSchedule } from '../../shared/operations/console/schedules.js';

export const handler = consoleRoute('GET /console/api/schedules/{scheduleId}', async ({ cx, p, params }) => ({
  body: await showSchedule(cx, p, params.scheduleId ?? ''),
}));
