/**
 * DeadlineTimers on EventBridge Scheduler: one one-time schedule per payment (`at(...)`, UTC, deleted after it ran)
 * whose target puts an `ApmDeadlineDue` event on the ops bus; the rule on the bus runs the deadline handler.
 *
 * Scheduler fires "with 60 second precision" (anywhere in the minute it names), so the schedule names the deadline's
 * minute and the handler waits out the remaining seconds (operations/providers/deadlines.ts expireWhenDue): the
 * payment expires within a few seconds of its deadline, never before it.
 */
import { ConflictException, CreateScheduleCommand, type SchedulerClient } from '@aws-sdk/client-scheduler';
import type { DeadlineTimers } from '../../ports/deadline-timers.js';
import { APM_DEADLINE_DUE } from '../../lib/resources.js';

export interface SchedulerTimerSettings {
  groupName: string;
  /** The role Scheduler assumes to put the event (events:PutEvents on the ops bus only). */
  roleArn: string;
  busArn: string;
  /** The ops bus's event source (EVENT_BUS.opsSource). */
  source: string;
}

/** Scheduler's at() takes whole seconds, no zone suffix; the zone is given apart (UTC). */
export const atMinuteOf = (t: Date): string => `at(${t.toISOString().slice(0, 16)}:00)`;

export class SchedulerDeadlineTimers implements DeadlineTimers {
  constructor(
    private readonly client: Pick<SchedulerClient, 'send'>,
    private readonly settings: SchedulerTimerSettings,
  ) {}

  async schedule(transId: string, realAt: Date): Promise<void> {
    const { groupName, roleArn, busArn, source } = this.settings;
    // The name is the payment's: a schedule that exists already is this one (a retried request). The SDK gives the
    // request one ClientToken for all its attempts, so its own retries never make a second schedule either.
    const create = new CreateScheduleCommand({
      Name: `apm-deadline-${transId}`,
      GroupName: groupName,
      ScheduleExpression: atMinuteOf(realAt),
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: busArn,
        RoleArn: roleArn,
        EventBridgeParameters: { Source: source, DetailType: APM_DEADLINE_DUE },
        Input: JSON.stringify({ transId }),
        RetryPolicy: { MaximumRetryAttempts: 10, MaximumEventAgeInSeconds: 3600 },
      },
    });
    try {
      await this.client.send(create);
    } catch (err) {
      if (!(err instanceof ConflictException)) throw err;
    }
  }
}
