/**
 * The Scheduler client and its timers, made once per container when the stage configures a schedule group, on first
 * use: local processes (npm start, the admin CLI) never schedule, and the stream consumer that arms deadlines
 * (functions/streams/payment-changes.ts) loads the client only when its first APM deadline needs it.
 */
import type { Config } from '../../lib/config.js';
import { EVENT_BUS } from '../../lib/resources.js';
import type { DeadlineTimers } from '../../ports/deadline-timers.js';
import { clientSettings } from './aws-clients.js';

export function schedulerDeadlineTimers(config: Config): DeadlineTimers | undefined {
  const { APM_DEADLINE_SCHEDULE_GROUP: groupName, APM_DEADLINE_SCHEDULER_ROLE_ARN: roleArn, EVENT_BUS_ARN: busArn } = config;
  if (!groupName || !roleArn || !busArn) return undefined;
  let timers: Promise<DeadlineTimers> | undefined;
  const load = async (): Promise<DeadlineTimers> => {
    const [{ SchedulerClient }, { SchedulerDeadlineTimers }] = await Promise.all([
      import('@aws-sdk/client-scheduler'),
      import('./scheduler-deadline-timers.js'),
    ]);
    const client = new SchedulerClient(clientSettings(config.AWS_ENDPOINT_URL));
    return new SchedulerDeadlineTimers(client, { groupName, roleArn, busArn, source: EVENT_BUS.opsSource });
  };
  return { schedule: async (transId, realAt) => (await (timers ??= load())).schedule(transId, realAt) };
}
