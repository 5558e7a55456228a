/**
 * The callbacks' first attempt handed to the delivery function by Lambda's asynchronous invoke (InvocationType
 * Event): Lambda queues the event itself, retries a failed invocation and then sends it to the function's on-failure
 * destination, the callback queue (infra/stacks/async.ts). One Invoke per batch of up to HANDOFF_MAX messages; what
 * Lambda refuses (throttled, an error) is returned to the caller, which queues it: the lever never fails a batch.
 */
import { InvokeCommand } from '@aws-sdk/client-lambda';
import type { CallbackMessage } from '../../domain/callback.js';
import type { DeliveryHandoff } from '../../ports/callbacks.js';
import { logger } from '../../lib/logger.js';
import { lambdaClient } from './aws-clients.js';

/** Messages per Invoke: ~100 bytes each, far inside an asynchronous payload's 256 KB. */
export const HANDOFF_MAX = 100;

/** The direct event: the pointers only, as on the queue. */
export interface HandoffEvent {
  handoff: 'callbacks';
  callbacks: CallbackMessage[];
}

export class LambdaDeliveryHandoff implements DeliveryHandoff {
  constructor(private readonly functionName: string) {}

  async handOver(messages: CallbackMessage[]): Promise<CallbackMessage[]> {
    const refused: CallbackMessage[] = [];
    for (let i = 0; i < messages.length; i += HANDOFF_MAX) {
      const batch = messages.slice(i, i + HANDOFF_MAX);
      const event: HandoffEvent = {
        handoff: 'callbacks',
        callbacks: batch.map(({ transId, eventId, seq }) => ({ transId, eventId, seq })),
      };
      try {
        const res = await lambdaClient().send(
          new InvokeCommand({ FunctionName: this.functionName, InvocationType: 'Event', Payload: JSON.stringify(event) }),
        );
        // 202: Lambda has the event (and retries it). Anything else: the queue takes the batch.
        if (res.StatusCode !== 202) refused.push(...batch);
      } catch (err) {
        logger.error('callback handoff refused; queued instead', { error: (err as Error).message, messages: batch.length });
        refused.push(...batch);
      }
    }
    return refused;
  }
}

/** The direct event's callbacks; undefined for any other event. */
export function parseHandoff(event: unknown): CallbackMessage[] | undefined {
  const e = event as Partial<HandoffEvent> | undefined;
  if (e?.handoff !== 'callbacks' || !Array.isArray(e.callbacks)) return undefined;
  return e.callbacks.filter(isMessage);
}

/**
 * A queue message that is Lambda's on-failure destination record of a direct event (its retries exhausted, or the
 * event too old): the callbacks it carried, from `requestPayload`; undefined for an ordinary callback message.
 */
export function parseDestinationRecord(body: string | undefined): CallbackMessage[] | undefined {
  try {
    const record = JSON.parse(body ?? '') as { requestContext?: unknown; requestPayload?: unknown };
    if (!record.requestContext) return undefined;
    return parseHandoff(record.requestPayload);
  } catch {
    return undefined;
  }
}

function isMessage(m: Partial<CallbackMessage>): m is CallbackMessage {
  return typeof m?.transId === 'string' && typeof m.eventId === 'string' && Number.isInteger(m.seq) && (m.seq as number) > 0;
}
