/** Callback deliveries, failures and replays (docs/callbacks.md). */
import { z } from 'zod';
import { int, str, time } from './kit.js';

/** One POST of a callback to the merchant. */
export const ConsoleCallbackAttempt = z
  .strictObject({
    eventId: str,
    transId: str,
    clientKey: str,
    seq: int,
    url: str,
    attempt: int,
    at: time,
    latencyMs: int,
    outcome: z.enum(['DELIVERED', 'FAILED']),
    httpStatus: int.optional(),
    error: str.optional(),
    /** The X-Callback-Signature the attempt carried. */
    signature: str.optional(),
  })
  .meta({ id: 'ConsoleCallbackAttempt' });

/** A callback that gave up: retries spent, blocked behind a failed predecessor, or its URL paused. */
export const ConsoleFailedCallback = z
  .strictObject({
    transId: str,
    seq: int,
    eventId: str,
    action: str,
    url: str,
    attempts: int,
    status: str.optional(),
    failedAt: time.optional(),
    failReason: str.optional(),
    lastAttempt: z.strictObject({ at: time, httpStatus: int.optional(), error: str.optional() }).optional(),
    replays: int.optional(),
  })
  .meta({ description: 'A callback that gave up: retries spent, blocked behind a failed predecessor, or its URL paused.' });

/** A callback sent again; `was` its delivery state before. */
export const ConsoleReplayed = z
  .strictObject({ transId: str, seq: int, eventId: str, was: z.enum(['PENDING', 'HELD', 'DELIVERED', 'FAILED']) })
  .meta({ description: 'A callback queued again; `was`: its delivery state before.' });

export const ConsoleCallbacksAnswer = z.strictObject({ attempts: z.array(ConsoleCallbackAttempt) });

export const ConsoleCallbacksFailedAnswer = z.strictObject({ callbacks: z.array(ConsoleFailedCallback) });

export const ConsoleCallbacksReplayFailedAnswer = z.strictObject({ replayed: z.array(ConsoleReplayed), deadLettersRemoved: int });
