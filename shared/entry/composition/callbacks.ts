/** Callback delivery, replay and the outbox sweeper (docs/callbacks.md): their stores, the SQS queue and the policy. */
import { DynamoCallbackOutbox } from '../../adapters/aws/dynamo-callback-outbox.js';
import { DynamoDeliveryLog } from '../../adapters/aws/dynamo-delivery-log.js';
import { DynamoUrlHealth } from '../../adapters/aws/dynamo-url-health.js';
import { DynamoCallbackSecrets } from '../../adapters/aws/dynamo-callback-secrets.js';
import { SqsCallbackQueue, parseMessage, stepsBeforeOf } from '../../adapters/aws/sqs-callback-queue.js';
import { LambdaDeliveryHandoff, parseDestinationRecord, parseHandoff } from '../../adapters/aws/lambda-delivery-handoff.js';
import { crashPoint } from '../../adapters/aws/crash-point.js';
import { SigningSecrets } from '../../operations/callbacks/signing-secrets.js';
import { callbackAddresses } from '../../operations/callbacks/address-policy.js';
import type { CallbackContext } from '../../operations/callbacks/context.js';
import { QUEUES } from '../../lib/resources.js';
import { clock, config, newId } from './core.js';
import { secrets } from './secrets.js';
import { port } from './port.js';

export const callbacks: () => CallbackContext = /* @__PURE__ */ port(() => {
  const c = config();
  return {
    outbox: new DynamoCallbackOutbox(c.TABLE_NAME),
    log: new DynamoDeliveryLog(c.TABLE_NAME),
    urlHealth: new DynamoUrlHealth(c.TABLE_NAME),
    secrets: new SigningSecrets(new DynamoCallbackSecrets(c.TABLE_NAME), secrets()['merchant-secrets'], c.CONFIG_CACHE_TTL_SECONDS * 1000),
    queue: new SqsCallbackQueue(c.CALLBACK_QUEUE_URL, c.CALLBACK_DLQ_URL),
    ...(c.CALLBACK_DELIVER_FUNCTION ? { handoff: new LambdaDeliveryHandoff(c.CALLBACK_DELIVER_FUNCTION) } : {}),
    clock: clock(),
    newId: newId(),
    retry: { delaysSeconds: c.CALLBACK_RETRY_DELAYS_SECONDS, maxReceiveCount: QUEUES.callbacks.maxReceiveCount },
    pause: {
      timeouts: c.CALLBACK_PAUSE_AFTER_TIMEOUTS,
      windowSeconds: c.CALLBACK_PAUSE_WINDOW_SECONDS,
      pauseSeconds: c.CALLBACK_PAUSE_SECONDS,
    },
    timeoutMs: c.CALLBACK_TIMEOUT_MS,
    addressPolicy: callbackAddresses(c),
    leaseMs: 2 * c.CALLBACK_TIMEOUT_MS + 2000,
    sweepGraceSeconds: c.CALLBACK_SWEEP_GRACE_SECONDS,
    secretOverlapSeconds: c.CALLBACK_SECRET_OVERLAP_SECONDS,
    crashPoint,
  };
});

/** The adapter that writes a message also reads it, so the consumer decodes an SQS record without knowing it is SQS. */
export const parseCallbackMessage = parseMessage;
export const callbackStepsBefore = stepsBeforeOf;
/** The direct handoff's event and Lambda's on-failure record of it (a queue message), read by their writer's module. */
export const parseDirectCallbacks = parseHandoff;
export const parseCallbackDestinationRecord = parseDestinationRecord;
