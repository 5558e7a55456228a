import type { QueueConsumerDefinition, ScheduledDefinition } from './types.js';

export const callbackConsumers: QueueConsumerDefinition[] = [
  {
    id: 'CallbackDeliver',
    queue: 'callbacks',
    handler: 'functions/callbacks/deliver',
    batchSize: 10,
    // kms:encrypt: a merchant's signing secret is created (sealed) on its first callback.
    // queue:send: releases the next callback of a payment once this one is delivered.
    grants: ['table:read', 'table:write', 'kms:decrypt', 'kms:encrypt', 'queue:send:callbacks'],
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
