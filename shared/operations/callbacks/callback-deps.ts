/**
 * Builds the callback feature's context once per container, on top of the composition root (deps()).
 * This file and shared/deps.ts are the only places that know the ports are DynamoDB and SQS.
 */
import { deps } from '../../deps.js';
import { QUEUES } from '../../resources.js';
import { DynamoCallbackOutbox } from '../../adapters/dynamo-callback-outbox.js';
import { DynamoDeliveryLog } from '../../adapters/dynamo-delivery-log.js';
import { DynamoUrlHealth } from '../../adapters/dynamo-url-health.js';
import { DynamoCallbackSecrets } from '../../adapters/dynamo-callback-secrets.js';
import { SqsCallbackQueue, crashPoint } from '../../adapters/sqs-callback-queue.js';
import type { CallbackContext } from './context.js';
import { SigningSecrets } from './signing-secrets.js';
import { callbackAddresses } from './address-policy.js';

let current: { base: ReturnType<typeof deps>; ctx: CallbackContext } | undefined;

export function callbackDeps(): CallbackContext {
  const base = deps();
  // deps() is rebuilt when the local platform or a test resets it; follow it.
  if (current?.base === base) return current.ctx;
  const { config } = base;
  const ctx: CallbackContext = {
    outbox: new DynamoCallbackOutbox(config.TABLE_NAME),
    log: new DynamoDeliveryLog(config.TABLE_NAME),
    urlHealth: new DynamoUrlHealth(config.TABLE_NAME),
    secrets: new SigningSecrets(new DynamoCallbackSecrets(config.TABLE_NAME), base.secrets['merchant-secrets'], config.CONFIG_CACHE_TTL_SECONDS * 1000),
    queue: new SqsCallbackQueue(config.CALLBACK_QUEUE_URL, config.CALLBACK_DLQ_URL),
    clock: base.clock,
    newId: base.newId,
    retry: { delaysSeconds: config.CALLBACK_RETRY_DELAYS_SECONDS, maxReceiveCount: QUEUES.callbacks.maxReceiveCount },
    pause: { timeouts: config.CALLBACK_PAUSE_AFTER_TIMEOUTS, windowSeconds: config.CALLBACK_PAUSE_WINDOW_SECONDS, pauseSeconds: config.CALLBACK_PAUSE_SECONDS },
    timeoutMs: config.CALLBACK_TIMEOUT_MS,
    addressPolicy: callbackAddresses(config),
    leaseMs: 2 * config.CALLBACK_TIMEOUT_MS + 2000,
    sweepGraceSeconds: config.CALLBACK_SWEEP_GRACE_SECONDS,
    secretOverlapSeconds: config.CALLBACK_SECRET_OVERLAP_SECONDS,
    crashPoint,
  };
  current = { base, ctx };
  return ctx;
}
