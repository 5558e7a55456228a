/** The Scheduler client and its timers, made once per container when the stage configures a schedule group. */
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import type { Config } from '../config.js';
import { EVENT_BUS } from '../resources.js';
import type { DeadlineTimers } from '../ports/deadline-timers.js';
import { SchedulerDeadlineTimers } from './scheduler-deadline-timers.js';

export function schedulerDeadlineTimers(config: Config): DeadlineTimers | undefined {
  const { APM_DEADLINE_SCHEDULE_GROUP: groupName, APM_DEADLINE_SCHEDULER_ROLE_ARN: roleArn, EVENT_BUS_ARN: busArn } = config;
  if (!groupName || !roleArn || !busArn) return undefined;
  const client = new SchedulerClient({
    region: config.AWS_REGION,
    ...(config.AWS_ENDPOINT_URL ? { endpoint: config.AWS_ENDPOINT_URL, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  return new SchedulerDeadlineTimers(client, { groupName, roleArn, busArn, source: EVENT_BUS.opsSource });
}
