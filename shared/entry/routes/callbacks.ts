import type { QueueConsumerDefinition, ScheduledDefinition, StreamConsumerDefinition } from './types.js';

export const callbackConsumers: QueueConsumerDefinition[] = [
  {
    id: 'CallbackDeliver',
    queue: 'callbacks',
    handler: 'functions/callbacks/deliver',
    batchSize: 10,
    // The outbox consumer hands each callback's first attempt here directly (docs/callbacks.md): Lambda retries a
    // failed event twice, then puts its record on the callback queue. An hour is long past the sweeper's grace (30 s),
    // which re-queues a callback Lambda still holds by then; a copy is harmless (the lease, the event id).
    asyncInvoke: { retryAttempts: 2, maximumEventAgeSeconds: 3600 },
    // Batches of up to 10 at a second's delay at most: at a few callbacks a second and more, one invocation and one
    // receive and delete per ~10 callbacks instead of per one or two (the cost model in bench/src/cost.ts).
    batchingWindowSeconds: 1,
    // One payment's callbacks go one by one: up to 10 × CALLBACK_TIMEOUT_MS (5 s) in the worst batch, within the
    // queue's 60 s visibility timeout.
    timeoutSeconds: 55,
    // merchant-secrets only (password for the protocol hash, the signing secret, sealed on its first callback):
    // callbacks carry masked cards, so this function cannot open card data or wallet keys.
    // queue:send: releases the next callback of a payment once this one is delivered.
    grants: ['table:read', 'table:write', 'kms:decrypt:merchant-secrets', 'kms:encrypt:merchant-secrets', 'queue:send:callbacks'],
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

export const callbackStreams: StreamConsumerDefinition[] = [
  {
    id: 'OutboxStream',
    handler: 'functions/callbacks/outbox-stream',
    batchSize: 100,
    // The outbox items a payment's transaction wrote go to the queue from here, not from the request.
    insertedKinds: ['callback'],
    // function:invoke: the callbacks' first attempt goes to CallbackDeliver directly; queue:send when that is refused.
    grants: ['queue:send:callbacks', 'function:invoke:CallbackDeliver'],
  },
];
