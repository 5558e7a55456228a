import type { QueueConsumerDefinition, ScheduledDefinition } from './types.js';

export const callbackConsumers: QueueConsumerDefinition[] = [
  {
    id: 'CallbackDeliver',
    queue: 'callbacks',
    handler: 'functions/callbacks/deliver',
    batchSize: 10,
    // One payment's callbacks go one by one: up to 10 × CALLBACK_TIMEOUT_MS (5 s) in the worst batch, within the
    // queue's 60 s visibility timeout.
    timeoutSeconds: 55,
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
