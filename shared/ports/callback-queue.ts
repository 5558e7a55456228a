import type { CallbackRecord } from '../domain/callback.js';

export interface CallbackQueue {
  /** Best effort right after the state change; the outbox sweeper re-sends what this misses. */
  enqueue(records: CallbackRecord[]): Promise<void>;
}
