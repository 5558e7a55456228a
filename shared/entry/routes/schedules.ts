import type { OpsEventDefinition, QueueConsumerDefinition, ScheduledDefinition } from './types.js';
import { OPS_DETAIL_TYPES } from '../../operations/schedules/ops-events.js';

/** Recurring schedules: the due-schedule runner, the recurring-charge consumer and ops events from the console. */
export const scheduleConsumers: QueueConsumerDefinition[] = [
  {
    id: 'RecurringCharge',
    queue: 'recurringCharges',
    handler: 'functions/schedules/charge',
    batchSize: 10,
    // card-data opens the chain's card (and seals it again should the acquirer ask for 3DS); merchant-secrets opens
    // the password for callback hashes; queue:send:callbacks queues the charge's callback.
    grants: [
      'table:read',
      'table:write',
      'kms:decrypt:card-data',
      'kms:encrypt:card-data',
      'kms:decrypt:merchant-secrets',
      'queue:send:callbacks',
    ],
    timeoutSeconds: 50,
  },
];

export const scheduleSchedules: ScheduledDefinition[] = [
  {
    id: 'ScheduleRunner',
    everyMinutes: 1,
    handler: 'functions/schedules/runner',
    grants: ['table:read', 'table:write', 'queue:send:recurringCharges'],
  },
];

export const scheduleOpsEvents: OpsEventDefinition[] = [
  {
    id: 'ScheduleOpsEvent',
    detailTypes: OPS_DETAIL_TYPES,
    handler: 'functions/schedules/ops-event',
    grants: ['table:read', 'table:write'],
  },
];
