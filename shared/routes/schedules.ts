import type { OpsEventDefinition, QueueConsumerDefinition, ScheduledDefinition } from './types.js';

/** Recurring schedules: the due-schedule runner, the recurring-charge consumer and ops events from the console. */
export const scheduleConsumers: QueueConsumerDefinition[] = [];
export const scheduleSchedules: ScheduledDefinition[] = [];
export const scheduleOpsEvents: OpsEventDefinition[] = [];
