/**
 * The PaymentStore port (shared/ports/payment-store.ts) in memory, with the DynamoDB adapter's conditional-write rules
 * (shared/adapters/aws/dynamo-payment-store.ts), held to it by test/contracts/payment-store.contract.ts:
 * - a payment's write of version N+1 succeeds only over version N, and a callback is written once (ConflictError);
 * - a payment-creating request's payment is its own claim (its trans id derived from the request's key): a
 *   duplicate gets the kept answer, "in progress" while the first may be alive, that payment once abandoned;
 * - an idempotency claim is taken once while live; one that reserved something is never handed to another request;
 * - a follow-up reservation takes the plan the machine left on the last whole write (followUpPlans), once.
 * Reads and writes copy, so a test's later change of an object it handed over changes nothing stored.
 */
import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { ConflictError } from '../../shared/domain/errors.js';
import type { CallbackRecord } from '../../shared/domain/callback.js';
import type { Payment } from '../../shared/domain/payment.js';
import { findCurrency } from '../../shared/domain/money.js';
import { followUpPlans, type FollowUpPlans } from '../../shared/domain/payment-machine/index.js';
import {
  IdempotencyClaimedError,
  type FollowUpIntent,
  type FollowUpReservation,
  type IdempotencyClaim,
  type IdempotentResult,
  type PaymentListing,
  type PaymentStore,
} from '../../shared/ports/payment-store.js';
import type { Alongside, EntryItem } from '../../shared/ports/transaction-items.js';
import { newOutboxItem, outboxKey, type OutboxItems } from './callback-outbox.js';

/** A claim kept as an item of its own (a follow-up's, or a payment not named by its request's key). */
interface ClaimItem {
  state: 'IN_PROGRESS' | 'COMPLETED';
  result?: IdempotentResult;
  lockExpiresAt?: number;
  /** Epoch seconds. */
  expiresAt?: number;
  transId?: string;
  attemptId?: string;
  bodyHash?: string;
}

interface Stored {
  payment: Payment;
  /** What a follow-up may reserve without reading: the plans of the last whole write, taken by a reservation. */
  plans?: FollowUpPlans;
}

export interface MemoryPaymentStoreOptions {
  now?: () => Date;
  claimLockMs?: number;
  /** A payment-creating request's trans id for its key (generation: the next one once the last one's window ended). */
  derive?: (key: string, generation: number) => string;
}

/** The decimals a follow-up intent's amount is read with: a plan is taken only for a currency read the same way. */
const INTENT_DECIMALS = '2/2';
const MAX_GENERATIONS = 64;

export class MemoryPaymentStore implements PaymentStore {
  readonly claimLockMs: number;
  private readonly now: () => Date;
  private readonly derive: (key: string, generation: number) => string;
  private readonly payments = new Map<string, Stored>();
  private readonly claims = new Map<string, ClaimItem>();
  /** Every callback written with a state change (the outbox), in write order. */
  readonly outbox: CallbackRecord[] = [];
  /** The same callbacks as the outbox keeps them for delivery: `new MemoryCallbackOutbox(store.callbackItems)`. */
  readonly callbackItems: OutboxItems = new Map();
  /** Entries stored alongside a change (an audit entry, a chargeback's index entry). */
  readonly entries: EntryItem[] = [];
  /** Every versioned write (create, update, reserveAttempt), in order: the payment as written and its callbacks. */
  readonly writes: { payment: Payment; callbacks: CallbackRecord[] }[] = [];

  constructor(opts: MemoryPaymentStoreOptions = {}) {
    this.now = opts.now ?? (() => new Date());
    this.claimLockMs = opts.claimLockMs ?? 30_000;
    this.derive = opts.derive ?? derivedId;
  }

  /** Puts payments in place as if written earlier (a test's starting state); no write is recorded. */
  seed(...payments: Payment[]): this {
    for (const p of payments) this.payments.set(p.transId, this.stored(p, false));
    return this;
  }

  async get(transId: string): Promise<Payment | undefined> {
    const s = this.payments.get(transId);
    return s ? structuredClone(s.payment) : undefined;
  }

  async listForMerchant(clientKey: string, opts: PaymentListing): Promise<{ payments: Payment[]; more: boolean }> {
    const matching = this.newestFirst((p) => p.clientKey === clientKey)
      .filter((p) => !opts.since || p.createdAt >= opts.since)
      .filter((p) => !opts.status || p.status === opts.status);
    return { payments: matching.slice(0, opts.limit), more: matching.length > opts.limit };
  }

  async findByOrder(clientKey: string, orderId: string, limit: number): Promise<Payment[]> {
    return this.newestFirst((p) => p.clientKey === clientKey && p.orderId === orderId).slice(0, limit);
  }

  async claim(key: string, ttlSeconds: number, bodyHash?: string): Promise<IdempotencyClaim> {
    const old = this.claims.get(key);
    if (old && !this.claimTakeable(old)) return claimFromItem(old, this.now());
    this.claims.set(key, this.newClaim(ttlSeconds, { bodyHash }));
    return { state: 'claimed', key };
  }

  async reserve(payment: Payment, claim?: { key: string; ttlSeconds: number }): Promise<void> {
    if (!claim) {
      if (this.payments.has(payment.transId)) throw conditionFailed();
      this.payments.set(payment.transId, this.stored(payment, true));
      return;
    }
    if (payment.transId === this.derive(claim.key, 0)) return this.reserveNamed(payment, claim);
    const old = this.claims.get(claim.key);
    if (old && !this.claimTakeable(old)) throw new IdempotencyClaimedError(this.answered(claim.key, claimFromItem(old, this.now())));
    if (this.payments.has(payment.transId)) throw conditionFailed();
    this.claims.set(claim.key, this.newClaim(claim.ttlSeconds, { transId: payment.transId, attemptId: payment.transId }));
    this.payments.set(payment.transId, this.stored(payment, true));
  }

  /** The payment is its own claim: a duplicate reads the first payment; one whose window ended makes the next generation. */
  private reserveNamed(payment: Payment, claim: { key: string; ttlSeconds: number }): void {
    for (let generation = 0; generation < MAX_GENERATIONS; generation++) {
      if (generation > 0) renamePayment(payment, this.derive(claim.key, generation));
      const found = this.payments.get(payment.transId)?.payment;
      if (!found) {
        this.payments.set(payment.transId, this.stored(payment, true));
        return;
      }
      const taken = this.claimOnPayment(found, payment.transId, claim);
      if (taken) throw new IdempotencyClaimedError(taken);
    }
    throw ConflictError.sameRequest();
  }

  private claimOnPayment(
    found: Payment,
    transId: string,
    claim: { key: string; ttlSeconds: number },
  ): Exclude<IdempotencyClaim, { state: 'claimed' }> | undefined {
    const now = this.now().getTime();
    if (found.answer) {
      if (found.answer.key !== answerKey(claim.key) || found.answer.until <= Math.floor(now / 1000)) return undefined;
      return { state: 'completed', result: { statusCode: found.answer.statusCode, body: found.answer.body } };
    }
    const reservedAt = Date.parse(found.createdAt);
    if (reservedAt + claim.ttlSeconds * 1000 <= now) return undefined;
    return { state: 'in-progress', stale: reservedAt + this.claimLockMs < now, reserved: { transId, attemptId: transId } };
  }

  async transIdFor(key: string): Promise<string | undefined> {
    return this.derive(key, 0);
  }

  async reserveAttempt(payment: Payment, claim: { key: string; attemptId: string }, opts: Alongside = {}): Promise<void> {
    const held = this.claims.get(claim.key);
    if (!this.versionFits(payment) || held?.state !== 'IN_PROGRESS' || held.transId !== undefined) throw ConflictError.paymentChanged();
    this.claims.set(claim.key, { ...held, transId: payment.transId, attemptId: claim.attemptId });
    this.write(payment, [], opts);
  }

  async reserveFollowUp(i: FollowUpIntent, opts: Alongside = {}): Promise<FollowUpReservation> {
    const s = this.payments.get(i.transId);
    if (!s) return { current: undefined };
    const p = s.payment;
    const plan = s.plans?.[i.event];
    const fits =
      plan !== undefined &&
      p.clientKey === i.clientKey &&
      (!i.protocol || p.protocol === i.protocol) &&
      (i.verifier === undefined || p.fuv === i.verifier) &&
      (i.amount === undefined || (decimalsOf(p.currency) === INTENT_DECIMALS && plan.min <= i.amount && i.amount <= plan.max)) &&
      (i.event !== 'VOID' || plan.day === i.now.slice(0, 10));
    if (!fits) return { current: structuredClone(p) };
    const reserved: Payment = {
      ...p,
      version: p.version + 1,
      history: [...p.history, { id: i.attemptId, type: plan.type, status: 'waiting', date: i.now, amount: i.amount ?? plan.amount }],
      claims: [
        ...(p.claims ?? []),
        {
          key: i.claim.key,
          attemptId: i.attemptId,
          lockExpiresAt: i.claim.lockExpiresAt,
          ...(i.claim.bodyHash ? { bodyHash: i.claim.bodyHash } : {}),
        },
      ],
    };
    // The plan is taken: the next follow-up finds none until the outcome's whole write.
    this.payments.set(i.transId, { payment: structuredClone(reserved) });
    this.storeAlongside(opts);
    return { reserved: structuredClone(reserved) };
  }

  async completeClaim(key: string, transId: string, result: IdempotentResult, ttlSeconds = 24 * 3600): Promise<void> {
    const s = this.payments.get(transId);
    if (s && !s.payment.answer) s.payment.answer = { key: answerKey(key), ...structuredClone(result), until: this.seconds() + ttlSeconds };
    const held = this.claims.get(key);
    if (held?.state === 'IN_PROGRESS' && held.transId === transId) this.claims.set(key, { ...held, state: 'COMPLETED', result });
  }

  async create(payment: Payment, callbacks: CallbackRecord[], idempotency?: { key: string; result: IdempotentResult }): Promise<void> {
    if (this.payments.has(payment.transId) || !this.callbacksNew(callbacks)) throw ConflictError.paymentChanged();
    this.write(payment, callbacks, {});
    this.completeClaimItem(idempotency);
  }

  async update(
    payment: Payment,
    callbacks: CallbackRecord[],
    idempotency?: { key: string; result: IdempotentResult; keepSeconds?: number },
    opts: Alongside = {},
  ): Promise<void> {
    if (!this.versionFits(payment) || !this.callbacksNew(callbacks)) throw ConflictError.paymentChanged();
    if (idempotency?.keepSeconds) {
      const until = this.seconds() + idempotency.keepSeconds;
      this.write({ ...payment, answer: { key: answerKey(idempotency.key), ...idempotency.result, until } }, callbacks, opts);
      return;
    }
    this.write(payment, callbacks, opts);
    this.completeClaimItem(idempotency);
  }

  async release(key: string, opts: { onlyIfUnreserved?: boolean } = {}): Promise<void> {
    const held = this.claims.get(key);
    if (held?.state !== 'IN_PROGRESS' || (opts.onlyIfUnreserved && held.transId !== undefined)) return;
    this.claims.delete(key);
  }

  private write(payment: Payment, callbacks: CallbackRecord[], opts: Alongside): void {
    this.payments.set(payment.transId, this.stored(payment, false));
    this.outbox.push(...structuredClone(callbacks));
    for (const c of callbacks) this.callbackItems.set(outboxKey(c), newOutboxItem(c));
    this.writes.push({ payment: structuredClone(payment), callbacks: structuredClone(callbacks) });
    this.storeAlongside(opts);
  }

  private storeAlongside({ alongside }: Alongside): void {
    if (!alongside) return;
    this.entries.push(...structuredClone(alongside.pending));
    alongside.markStored();
  }

  /** As the adapter's item keeps it: a spent claim or an expired answer is not kept; the reservation has no verifier yet. */
  private stored(p: Payment, reservation: boolean): Stored {
    const payment = structuredClone(p);
    const live = payment.claims?.filter((c) => payment.history.some((h) => h.id === c.attemptId && h.status === 'waiting'));
    if (live?.length) payment.claims = live;
    else delete payment.claims;
    if (payment.answer && payment.answer.until <= this.seconds()) delete payment.answer;
    if (reservation) delete payment.fuv;
    return { payment, plans: followUpPlans(payment) };
  }

  private versionFits(p: Payment): boolean {
    return this.payments.get(p.transId)?.payment.version === p.version - 1;
  }

  private callbacksNew(callbacks: CallbackRecord[]): boolean {
    return callbacks.every((c) => !this.callbackItems.has(outboxKey(c)));
  }

  private completeClaimItem(idempotency?: { key: string; result: IdempotentResult }): void {
    if (idempotency)
      this.claims.set(idempotency.key, { ...this.claims.get(idempotency.key), state: 'COMPLETED', result: idempotency.result });
  }

  /** A claim whose holder died before it reserved anything, or one that expired, may be taken again. */
  private claimTakeable(c: ClaimItem): boolean {
    const now = this.now().getTime();
    const abandoned = c.state === 'IN_PROGRESS' && (c.lockExpiresAt ?? Infinity) < now && c.transId === undefined;
    return abandoned || (c.expiresAt !== undefined && c.expiresAt < Math.floor(now / 1000));
  }

  private newClaim(ttlSeconds: number, extra: { bodyHash?: string; transId?: string; attemptId?: string }): ClaimItem {
    const now = this.now().getTime();
    const defined = Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined));
    return { state: 'IN_PROGRESS', lockExpiresAt: now + this.claimLockMs, expiresAt: Math.floor(now / 1000) + ttlSeconds, ...defined };
  }

  /** A claim that names a payment whose outcome write kept the answer: completed, with that answer. */
  private answered(key: string, taken: Exclude<IdempotencyClaim, { state: 'claimed' }>): Exclude<IdempotencyClaim, { state: 'claimed' }> {
    if (taken.state !== 'in-progress' || !taken.reserved || taken.reserved.attemptId !== taken.reserved.transId) return taken;
    const answer = this.payments.get(taken.reserved.transId)?.payment.answer;
    return answer?.key === answerKey(key) ? { state: 'completed', result: { statusCode: answer.statusCode, body: answer.body } } : taken;
  }

  private newestFirst(match: (p: Payment) => boolean): Payment[] {
    return [...this.payments.values()]
      .map((s) => s.payment)
      .filter(match)
      .sort((a, b) => (a.createdAt === b.createdAt ? b.transId.localeCompare(a.transId) : b.createdAt.localeCompare(a.createdAt)))
      .map((p) => structuredClone(p));
  }

  private seconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }
}

function claimFromItem(old: ClaimItem, now: Date): Exclude<IdempotencyClaim, { state: 'claimed' }> {
  if (old.state === 'COMPLETED' && old.result) return { state: 'completed', result: structuredClone(old.result) };
  return {
    state: 'in-progress',
    stale: old.lockExpiresAt !== undefined && old.lockExpiresAt < now.getTime(),
    ...(old.transId ? { reserved: { transId: old.transId, attemptId: old.attemptId ?? old.transId } } : {}),
    ...(old.bodyHash ? { bodyHash: old.bodyHash } : {}),
  };
}

/** The refusal the adapter passes on unchanged (a plain conditional Put of a payment that exists). */
function conditionFailed(): ConditionalCheckFailedException {
  return new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
}

/** The idempotency key as kept on the payment (the adapter's 128 bits of it). */
const answerKey = (key: string) => key.slice(0, 32);

function decimalsOf(code: string): string | undefined {
  const c = findCurrency(code);
  return c ? `${c.exponent}/${c.wireDecimals}` : undefined;
}

/** A UUID-shaped id from the key (the adapter keys an HMAC with a platform secret; a test needs no secret). */
function derivedId(key: string, generation: number): string {
  const h = createHash('sha256').update(`${key}#${generation}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The next generation's id on the payment being reserved (its own attempt is named by it too). */
function renamePayment(p: Payment, transId: string): void {
  for (const h of p.history) if (h.id === p.transId) h.id = transId;
  p.transId = transId;
}
