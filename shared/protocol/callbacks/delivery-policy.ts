/**
 * When a callback counts as delivered and when the next attempt happens. Pure functions; docs/callbacks.md has the
 * schedule in words. Every SQS receive of a callback message is one step: a failed POST on receive n waits
 * delays[n-1] seconds (ChangeMessageVisibility), the last value repeating; receive number maxReceiveCount is the
 * last one, after which SQS moves the message to the dead-letter queue (redrive policy).
 */

export interface RetryPolicy {
  /** Seconds to wait after a failed attempt on receive 1, 2, ...; the last value repeats. */
  delaysSeconds: readonly number[];
  /** The queue's redrive maxReceiveCount (shared/lib/resources.ts): receives before SQS dead-letters the message. */
  maxReceiveCount: number;
}

/** SQS caps a message's total visibility at 12 hours from its receipt; stay a minute inside it. */
export const MAX_TOTAL_VISIBILITY_SECONDS = 12 * 3600 - 60;

export function retryDelaySeconds(policy: RetryPolicy, receiveCount: number): number {
  const { delaysSeconds } = policy;
  if (delaysSeconds.length === 0) return 0;
  const index = Math.min(Math.max(receiveCount, 1), delaysSeconds.length) - 1;
  return delaysSeconds[index]!;
}

/** True on the receive after which SQS dead-letters the message if it is not deleted. */
export function isLastReceive(policy: RetryPolicy, receiveCount: number): boolean {
  return receiveCount >= policy.maxReceiveCount;
}

/** Seconds the visibility may still be extended for a message first received `ageSeconds` ago. */
export function clampVisibility(seconds: number, ageSeconds: number): number {
  return Math.max(0, Math.min(Math.ceil(seconds), MAX_TOTAL_VISIBILITY_SECONDS - Math.max(0, Math.floor(ageSeconds))));
}

/** SQS's longest DelaySeconds: a message sent to wait longer is received once before it is due. */
export const MAX_DELAY_SECONDS = 900;

/**
 * The step a receive is: SQS's receive count plus the steps the callback took before this message was sent (its
 * first attempt handed to the delivery function directly, or receives of an earlier message). The schedule and the
 * dead-letter cut-off count steps, so a callback gets the same attempts whichever way its first one came.
 */
export function stepOf(receiveCount: number, stepsBefore: number): number {
  return receiveCount + Math.max(0, stepsBefore);
}

/**
 * The steps to write on a message queued after step `step` to wait `seconds`: a wait past SQS's 900 s delay costs
 * the message one receive that only waits (the consumer finds the callback not yet due and keeps it), not a step.
 */
export function stepsBeforeQueued(step: number, seconds: number): number {
  return seconds > MAX_DELAY_SECONDS ? step - 1 : step;
}

/** The whole schedule, for documentation and the admin CLI: wait before attempt 2, 3, ... maxReceiveCount. */
export function retrySchedule(policy: RetryPolicy): number[] {
  return Array.from({ length: Math.max(policy.maxReceiveCount - 1, 0) }, (_, i) => retryDelaySeconds(policy, i + 1));
}

/** Newer docs: any 2xx; older docs: a body of OK. Either one counts. */
export function isDelivered(httpStatus: number, body: string): boolean {
  return (httpStatus >= 200 && httpStatus < 300) || body.trim().toUpperCase() === 'OK';
}

/** Short, safe description of a transport failure (never the merchant's body). */
export function describeFailure(err: unknown): { error: string; timeout: boolean } {
  const e = err as { name?: string; code?: string; cause?: { code?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return { error: 'timeout', timeout: true };
  // fetch wraps the socket error in `cause`; node:http reports it directly.
  const code = e?.cause?.code ?? e?.code;
  if (code === 'ECONNREFUSED') return { error: 'connection refused', timeout: false };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { error: 'host not found', timeout: false };
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return { error: 'connection reset', timeout: false };
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'ETIMEDOUT')
    return { error: 'timeout', timeout: true };
  return { error: code ? `network error ${code}` : 'network error', timeout: false };
}
