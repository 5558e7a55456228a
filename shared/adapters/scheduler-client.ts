/**
 * The Scheduler client and its timers, made once per container when the stage configures a schedule group, on first
 * use: local processes (npm start, the admin CLI) never schedule. The client is one signed request
 * (scheduler-http.ts), not the SDK's Scheduler client.
 */
import type { Config } from '../config.js';
import { EVENT_BUS } from '../resources.js';
import type { DeadlineTimers } from '../ports/deadline-timers.js';

export function schedulerDeadlineTimers(config: Config): DeadlineTimers | undefined {
  const { APM_DEADLINE_SCHEDULE_GROUP: groupName, APM_DEADLINE_SCHEDULER_ROLE_ARN: roleArn, EVENT_BUS_ARN: busArn } = config;
  if (!groupName || !roleArn || !busArn) return undefined;
  let timers: Promise<DeadlineTimers> | undefined;
  const load = async (): Promise<DeadlineTimers> => {
    const [{ SchedulerHttp }, { SchedulerDeadlineTimers }, { environmentCredentials }] = await Promise.all([
      import('./scheduler-http.js'),
      import('./scheduler-deadline-timers.js'),
      import('./lambda-credentials.js'),
    ]);
    const client = new SchedulerHttp({
      region: config.AWS_REGION,
      ...(config.AWS_ENDPOINT_URL ? { endpoint: config.AWS_ENDPOINT_URL, credentials: () => ({ accessKeyId: 'local', secretAccessKey: 'local' }) } : { credentials: environmentCredentials }),
    });
    return new SchedulerDeadlineTimers(client, { groupName, roleArn, busArn, source: EVENT_BUS.opsSource });
  };
  return { schedule: async (transId, realAt) => (await (timers ??= load())).schedule(transId, realAt) };
}
