import type { QueueConsumerDefinition, ScheduledDefinition } from './types.js';

export const callbackConsumers: QueueConsumerDefinition[] = [
  {
    id: 'CallbackDeliver',
    queue: 'callbacks',
    handler: 'functions/callbacks/deliver',
    batchSize: 10,
    grants: ['table:read', 'table:write', 'kms:decrypt', 'queue:send:callbacks'],
  },
];

export const callbackSchedules: ScheduledDefinition[] = [
  {
    id: 'OutboxSweeper',
    everyMinutes: 1,
    handler: 'functions/callbacks/sweep',
    grants: ['table:read', 'table:write', 'queue:send:callbacks'],
  },
];
