/** What the callback operations need from storage and the queue (DynamoDB/SQS implementations in shared/adapters/aws). */
import type { CallbackMessage, DeliveryAttempt, StoredCallback } from '../domain/callback.js';
import type { UrlHealth } from '../protocol/callbacks/url-pause.js';
import type { Alongside } from './transaction-items.js';

/** Outcome written together with the attempt's log entry (one transaction). */
export type AttemptOutcome = { kind: 'delivered' } | { kind: 'retry'; nextAttemptAt: string } | { kind: 'failed' };

export type SweepEntry = StoredCallback & { sweepKey: string };

/** A claim's answer: the callback, leased to us, or what stopped it (the item as it is; undefined when missing). */
export type Take = { claimed: StoredCallback } | { claimed?: undefined; current: StoredCallback | undefined };

/** A recorded callback and, once finished, the later callback of its payment that waits for it (if one registered). */
export type Finished = { recorded: boolean; successorWaiting?: string; replays?: number };

export interface CallbackOutbox {
  get(msg: CallbackMessage): Promise<StoredCallback | undefined>;
  /** The payment's callback number `seq` (whatever its event id). */
  getBySeq(transId: string, seq: number): Promise<StoredCallback | undefined>;
  forPayment(transId: string): Promise<StoredCallback[]>;
  /**
   * Takes the callback for one POST: only when it is PENDING/HELD, nobody holds a lease and its next attempt is due.
   * Counts the attempt. Undefined when another consumer (or a not-yet-due copy) loses the race.
   */
  claim(cb: CallbackMessage, lease: { id: string; until: string; now: string }): Promise<StoredCallback | undefined>;
  /** claim() that also says why it failed (one conditional write, no read before it). */
  take(cb: CallbackMessage, lease: { id: string; until: string; now: string }): Promise<Take>;
  /** Gives a claim back without counting an attempt (nothing was POSTed); the message waits in SQS. */
  release(cb: StoredCallback, leaseId: string): Promise<boolean>;
  /** Writes the attempt to the callback's log and its next state in one write; false if the lease was lost. */
  recordAttempt(cb: StoredCallback, leaseId: string, attempt: DeliveryAttempt, outcome: AttemptOutcome): Promise<boolean>;
  /** recordAttempt() that also returns the successor waiting for this callback. */
  finish(cb: StoredCallback, leaseId: string, attempt: DeliveryAttempt, outcome: AttemptOutcome): Promise<Finished>;
  /** Callback `seq` and the one before it, in one read. */
  withPrevious(msg: CallbackMessage): Promise<{ previous?: StoredCallback; current?: StoredCallback }>;
  /**
   * Notes on `previous` that `successorEventId` waits for it, so finishing `previous` releases it at once.
   * `whileOpen`: only while `previous` is PENDING/HELD (false: it finished meanwhile, look again).
   */
  awaitPrevious(previous: StoredCallback, successorEventId: string, opts: { whileOpen: boolean }): Promise<boolean>;
  /** Waits for the previous callback; the sweeper re-checks it from `recheckAt`. */
  hold(cb: StoredCallback, recheckAt: string, now: string): Promise<boolean>;
  /** FAILED without a POST: the previous callback FAILED (`blockedBySeq`), or the URL was paused on the last receive. */
  failUnattempted(cb: StoredCallback, now: string, reason: { error: string; blockedBySeq?: number }): Promise<boolean>;
  /** Back to PENDING (admin replay; release of a blocked successor). `onlyBlocked` limits it to blocked ones. */
  /** `alongside`: entries stored with the reopening (ports/transaction-items.ts). */
  reopen(cb: StoredCallback, now: string, opts?: { onlyBlocked?: boolean } & Alongside): Promise<boolean>;
  /** The message now lives in SQS (e.g. deferred for a paused URL): the sweeper need not re-send it. */
  leaveToQueue(cb: StoredCallback): Promise<void>;
  /** Callbacks the sweeper must (re-)queue: sweep time before `before`. */
  due(before: string, limit: number): Promise<SweepEntry[]>;
  /** After a sweep re-sent it: next look at `until`, unless a consumer changed the entry meanwhile. */
  postponeSweep(entry: SweepEntry, until: string): Promise<void>;
  failedFor(clientKey: string, limit: number): Promise<StoredCallback[]>;
}

export interface DeliveryLog {
  /** Newest first. */
  forMerchant(clientKey: string, limit: number): Promise<DeliveryAttempt[]>;
  /** Oldest first. */
  forPayment(transId: string): Promise<DeliveryAttempt[]>;
}

export interface UrlHealthStore {
  get(url: string): Promise<UrlHealth>;
  /** Applies `change` with a version condition, re-reading on conflict. `change` returns undefined for no write. */
  update(url: string, change: (current: UrlHealth) => UrlHealth | undefined): Promise<UrlHealth>;
}

export interface StoredSigningSecrets {
  current: string;
  previous?: string;
  previousUntil?: string;
  rotatedAt: string;
  version: number;
}

/** Sealed (SecretBox) per-merchant signing secrets; writes are conditional on `version`. */
export interface SigningSecretStore {
  get(clientKey: string): Promise<StoredSigningSecrets | undefined>;
  /** False when the version changed (someone else created or rotated). */
  put(clientKey: string, next: StoredSigningSecrets, expectedVersion: number, opts?: Alongside): Promise<boolean>;
}

export interface DeadLetter {
  messageId: string;
  receiptHandle: string;
  message: CallbackMessage | undefined;
}

/**
 * The callbacks' first attempt handed to the delivery function without the queue (Lambda's asynchronous invoke).
 * Returns the messages it could not hand over (refused, throttled, failed): the caller queues those.
 */
export interface DeliveryHandoff {
  handOver(messages: CallbackMessage[]): Promise<CallbackMessage[]>;
}

export interface CallbackQueueControl {
  send(messages: CallbackMessage[]): Promise<void>;
  /**
   * A new message for a callback that already took `stepsBefore` steps (delivery-policy.ts stepOf), visible after
   * min(`seconds`, 900): a first attempt handed over directly that must wait (a retry, a paused URL, a lease).
   */
  sendLater(message: CallbackMessage, seconds: number, stepsBefore: number): Promise<void>;
  /** Puts a message straight on the dead-letter queue: the last step was not a receive SQS can redrive. */
  deadLetter(message: CallbackMessage): Promise<void>;
  /** ChangeMessageVisibility: the received message comes back after `seconds`. */
  retryAfter(receiptHandle: string, seconds: number): Promise<void>;
  receiveDeadLetters(max: number): Promise<DeadLetter[]>;
  deleteDeadLetter(receiptHandle: string): Promise<void>;
  /** Leaves a dead letter in the DLQ (visible again) for someone else. */
  returnDeadLetter(receiptHandle: string): Promise<void>;
}
