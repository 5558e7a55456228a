/**
 * PaymentStore on DynamoDB. Maps records to conditional writes; the rules live in the operations.
 * A payment and the callbacks its state change causes are written in one TransactWriteItems (the outbox).
 * A payment-creating request's payment is its own idempotency claim: its trans id is derived from the request's key
 * (dynamo-payment-ids.ts), so the reservation is one conditional Put and a duplicate finds the payment.
 */
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { withEntries, writeItem } from './transaction-items.js';
import { TransactionCanceledException, ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { ConflictError } from '../../domain/errors.js';
import type { CallbackRecord } from '../../domain/callback.js';
import type { Payment } from '../../domain/payment.js';
import {
  IdempotencyClaimedError,
  type ClaimedEffect,
  type FollowUpIntent,
  type FollowUpReservation,
  type IdempotencyClaim,
  type IdempotentResult,
  type PaymentListing,
  type PaymentStore,
} from '../../ports/payment-store.js';
import type { Alongside } from '../../ports/transaction-items.js';
import { intentUpdate } from './follow-up-intent.js';
import type { PaymentItemForm } from '../../lib/config.js';
import { paymentItem, toPayment } from './payment-item.js';
import { itemsOf } from './index-items.js';
import { ddbClient } from './aws-clients.js';
import { crashPoint } from './crash-point.js';
import { keys } from './table-keys.js';
import { claimCompleted } from './idempotency-items.js';
import type { PaymentIdSource } from './dynamo-payment-ids.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export class DynamoPaymentStore implements PaymentStore {
  constructor(
    private readonly tableName: string,
    private readonly now: () => Date = () => new Date(),
    /** How long a claim's holder is presumed alive; after that its claim is stale (see IdempotencyClaim). */
    readonly claimLockMs = 30_000,
    /** Derives payment-creating requests' trans ids; without it, claims are items of their own (the earlier design). */
    private readonly ids?: PaymentIdSource,
    /** How payment items are written (payment-item.ts); both forms are read. */
    private readonly itemForm: PaymentItemForm = 'compact',
  ) {}

  async transIdFor(key: string): Promise<string | undefined> {
    return this.ids?.derive(key, 0);
  }

  private get ddb() {
    return ddbClient();
  }

  private seconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  async get(transId: string): Promise<Payment | undefined> {
    const res = await this.ddb.send(new GetCommand({ TableName: this.tableName, Key: keys.payment(transId), ConsistentRead: true }));
    return res.Item ? toPayment(res.Item) : undefined;
  }

  async findByOrder(clientKey: string, orderId: string, limit: number): Promise<Payment[]> {
    const res = await this.ddb.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `ORDER#${clientKey}#${orderId}` },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (await itemsOf(this.tableName, res.Items ?? [])).map(toPayment);
  }

  async listForMerchant(clientKey: string, opts: PaymentListing): Promise<{ payments: Payment[]; more: boolean }> {
    const payments: Payment[] = [];
    let start: Record<string, unknown> | undefined;
    // The index holds keys only (a payment's status change then costs it nothing): the status filter applies to the
    // payments read by key, so a page may come back short: read on until the limit or the end.
    do {
      const res = await this.ddb.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: 'gsi3',
          KeyConditionExpression: opts.since ? 'gsi3pk = :pk AND gsi3sk >= :since' : 'gsi3pk = :pk',
          ExpressionAttributeValues: {
            ':pk': keys.merchantPayments(clientKey, '').gsi3pk,
            ...(opts.since ? { ':since': opts.since } : {}),
          },
          ScanIndexForward: false,
          Limit: opts.limit + 1,
          ExclusiveStartKey: start,
        }),
      );
      const page = (await itemsOf(this.tableName, res.Items ?? [])).map(toPayment);
      payments.push(...(opts.status ? page.filter((p) => p.status === opts.status) : page));
      start = res.LastEvaluatedKey;
    } while (start && payments.length <= opts.limit);
    return { payments: payments.slice(0, opts.limit), more: payments.length > opts.limit || start !== undefined };
  }

  async claim(key: string, ttlSeconds: number, bodyHash?: string): Promise<IdempotencyClaim> {
    try {
      await this.ddb.send(
        new PutCommand({
          TableName: this.tableName,
          ...this.claimPut(key, ttlSeconds, { bodyHash }),
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { state: 'claimed', key };
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
      return takenClaim(err.Item, this.now());
    }
  }

  async reserve(payment: Payment, claim?: { key: string; ttlSeconds: number }): Promise<void> {
    await this.reserveOnly(payment, claim);
    crashPoint('after-reservation');
  }

  private async reserveOnly(payment: Payment, claim?: { key: string; ttlSeconds: number }): Promise<void> {
    const put = {
      TableName: this.tableName,
      Item: paymentItem(payment, this.seconds(), true, this.itemForm),
      ConditionExpression: 'attribute_not_exists(pk)',
    };
    if (!claim) {
      await this.ddb.send(new PutCommand(put));
      return;
    }
    // A payment named by its request's key is its own claim; any other keeps a claim item beside it.
    if (this.ids && payment.transId === (await this.ids.derive(claim.key, 0))) return this.reserveNamed(payment, claim);
    try {
      await this.ddb.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tableName,
                // The claim names the payment it reserves, so it is never handed to another request (claimPut).
                ...this.claimPut(claim.key, claim.ttlSeconds, { transId: payment.transId, attemptId: payment.transId }),
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
              },
            },
            { Put: put },
          ],
        }),
      );
    } catch (err) {
      if (!(err instanceof TransactionCanceledException)) throw err;
      const reason = err.CancellationReasons?.[0];
      // A concurrent identical request racing us is "in progress" too.
      if (reason?.Code === 'ConditionalCheckFailed' || reason?.Code === 'TransactionConflict') {
        const taken = takenClaim(reason.Code === 'ConditionalCheckFailed' ? reason.Item : undefined, this.now());
        throw new IdempotencyClaimedError(await this.answered(claim.key, taken));
      }
      throw err;
    }
  }

  /**
   * The payment's Put is the claim: `attribute_not_exists(pk)` refuses a duplicate, which reads the first payment from
   * the refusal: its kept answer, "in progress" while its request may be alive, that payment once abandoned. A found
   * payment whose window ended (its answer expired, or it has none a TTL after its reservation) makes the request a
   * new one: the next generation's id (a rare extra round trip).
   */
  private async reserveNamed(payment: Payment, claim: { key: string; ttlSeconds: number }): Promise<void> {
    const ids = this.ids!;
    if (this.now().getTime() < (await ids.legacyClaimsUntil())) await this.checkLegacyClaim(claim.key);
    for (let generation = 0; generation < MAX_GENERATIONS; generation++) {
      if (generation > 0) renamePayment(payment, await ids.derive(claim.key, generation));
      try {
        await this.ddb.send(
          new PutCommand({
            TableName: this.tableName,
            Item: paymentItem(payment, this.seconds(), true, this.itemForm),
            ConditionExpression: 'attribute_not_exists(pk)',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        return;
      } catch (err) {
        if (!(err instanceof ConditionalCheckFailedException)) throw err;
        const found = err.Item ? toPayment(unmarshall(err.Item as Parameters<typeof unmarshall>[0])) : undefined;
        const taken = claimOnPayment(found, payment.transId, claim, this.now(), this.claimLockMs);
        if (taken) throw new IdempotencyClaimedError(taken);
      }
    }
    throw ConflictError.sameRequest();
  }

  /** A claim item of the earlier design, live for a day after the change: a duplicate of such a request answers from it. */
  private async checkLegacyClaim(key: string): Promise<void> {
    const res = await this.ddb.send(new GetCommand({ TableName: this.tableName, Key: keys.idempotency(key), ConsistentRead: true }));
    const item = res.Item as (ClaimItem & { expiresAt?: number }) | undefined;
    if (!item || (item.expiresAt ?? 0) < this.seconds()) return;
    const taken = claimFromItem(item, this.now());
    // Abandoned before it reserved anything: the earlier design let a duplicate take it over; so does this one.
    if (taken.state === 'in-progress' && !taken.reserved && taken.stale) return;
    throw new IdempotencyClaimedError(await this.answered(key, taken));
  }

  private claimPut(key: string, ttlSeconds: number, extra: Partial<ClaimedEffect> & { bodyHash?: string }) {
    const now = this.now();
    return {
      Item: {
        ...keys.idempotency(key),
        state: 'IN_PROGRESS',
        lockExpiresAt: now.getTime() + this.claimLockMs,
        expiresAt: Math.floor(now.getTime() / 1000) + ttlSeconds,
        ...Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined)),
      },
      // A claim whose holder died before it reserved anything may be taken over once its lock ran out; one that
      // reserved a payment or attempt never is (its request is answered from that); a completed one once it expired.
      ConditionExpression:
        'attribute_not_exists(pk) OR (#s = :inProgress AND lockExpiresAt < :now AND attribute_not_exists(transId)) OR expiresAt < :nowSeconds',
      ExpressionAttributeNames: { '#s': 'state' },
      ExpressionAttributeValues: { ':inProgress': 'IN_PROGRESS', ':now': now.getTime(), ':nowSeconds': Math.floor(now.getTime() / 1000) },
    };
  }

  async reserveAttempt(payment: Payment, claim: { key: string; attemptId: string }, opts: Alongside = {}): Promise<void> {
    await this.transact(
      [
        this.versionedPut(payment),
        {
          Update: {
            TableName: this.tableName,
            Key: keys.idempotency(claim.key),
            UpdateExpression: 'SET transId = :t, attemptId = :a',
            ConditionExpression: '#s = :inProgress AND attribute_not_exists(transId)',
            ExpressionAttributeNames: { '#s': 'state' },
            ExpressionAttributeValues: { ':t': payment.transId, ':a': claim.attemptId, ':inProgress': 'IN_PROGRESS' },
          },
        },
      ],
      opts,
    );
  }

  async reserveFollowUp(intent: FollowUpIntent, opts: Alongside = {}): Promise<FollowUpReservation> {
    try {
      const res = await writeItem(this.ddb, { Update: intentUpdate(this.tableName, intent) }, opts.alongside);
      return { reserved: toPayment(res.Attributes!) };
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
      // The payment as it is stands in for the read the request would have made.
      return { current: err.Item ? toPayment(unmarshall(err.Item as Parameters<typeof unmarshall>[0])) : undefined };
    }
  }

  async completeClaim(key: string, transId: string, result: IdempotentResult, ttlSeconds = 24 * 3600): Promise<void> {
    // Kept on the payment (answered() and reserveNamed() read it there), and on a claim item of the earlier design.
    const answer = { key: answerKey(key), ...result, until: this.seconds() + ttlSeconds };
    const onPayment = writeItem(this.ddb, {
      Update: {
        TableName: this.tableName,
        Key: keys.payment(transId),
        UpdateExpression: 'SET answer = :a',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(answer)',
        ExpressionAttributeValues: { ':a': answer },
      },
    }).catch((err) => {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
    });
    const legacy = this.ddb
      .send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.idempotency(key),
          UpdateExpression: 'SET #s = :done, #r = :result',
          ConditionExpression: '#s = :inProgress AND transId = :t',
          ExpressionAttributeNames: { '#s': 'state', '#r': 'result' },
          ExpressionAttributeValues: { ':done': 'COMPLETED', ':result': result, ':inProgress': 'IN_PROGRESS', ':t': transId },
        }),
      )
      .catch((err) => {
        // Completed by someone else first (or no such item): their answer stands.
        if (!(err instanceof ConditionalCheckFailedException)) throw err;
      });
    await Promise.all([onPayment, legacy]);
  }

  async release(key: string, opts: { onlyIfUnreserved?: boolean } = {}): Promise<void> {
    await this.ddb
      .send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: keys.idempotency(key),
          ConditionExpression: opts.onlyIfUnreserved ? '#s = :inProgress AND attribute_not_exists(transId)' : '#s = :inProgress',
          ExpressionAttributeNames: { '#s': 'state' },
          ExpressionAttributeValues: { ':inProgress': 'IN_PROGRESS' },
        }),
      )
      .catch((err) => {
        if (!(err instanceof ConditionalCheckFailedException)) throw err;
      });
  }

  async create(payment: Payment, callbacks: CallbackRecord[], idempotency?: { key: string; result: IdempotentResult }): Promise<void> {
    await this.transact([
      {
        Put: {
          TableName: this.tableName,
          Item: paymentItem(payment, this.seconds(), false, this.itemForm),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...callbacks.map((c) => this.callbackPut(c)),
      ...this.claimCompletion(idempotency),
    ]);
  }

  async update(
    payment: Payment,
    callbacks: CallbackRecord[],
    idempotency?: { key: string; result: IdempotentResult; keepSeconds?: number },
    opts: Alongside = {},
  ): Promise<void> {
    if (idempotency?.keepSeconds) {
      const until = this.seconds() + idempotency.keepSeconds;
      const answered = { ...payment, answer: { key: answerKey(idempotency.key), ...idempotency.result, until } };
      await this.transact([this.versionedPut(answered), ...callbacks.map((c) => this.callbackPut(c))], opts);
      return;
    }
    await this.transact(
      [this.versionedPut(payment), ...callbacks.map((c) => this.callbackPut(c)), ...this.claimCompletion(idempotency)],
      opts,
    );
  }

  /** A claim that names a payment whose outcome write kept the answer: completed, with that answer. */
  private async answered(
    key: string,
    taken: Exclude<IdempotencyClaim, { state: 'claimed' }>,
  ): Promise<Exclude<IdempotencyClaim, { state: 'claimed' }>> {
    if (taken.state !== 'in-progress' || !taken.reserved || taken.reserved.attemptId !== taken.reserved.transId) return taken;
    const answer = (await this.get(taken.reserved.transId))?.answer;
    return answer?.key === answerKey(key) ? { state: 'completed', result: { statusCode: answer.statusCode, body: answer.body } } : taken;
  }

  private versionedPut(payment: Payment): TransactItem {
    return {
      Put: {
        TableName: this.tableName,
        Item: paymentItem(payment, this.seconds(), false, this.itemForm),
        // Optimistic concurrency: only the writer that read version N may write N+1.
        ConditionExpression: '#v = :expected',
        ExpressionAttributeNames: { '#v': 'version' },
        ExpressionAttributeValues: { ':expected': payment.version - 1 },
      },
    };
  }

  private callbackPut(c: CallbackRecord): TransactItem {
    return {
      Put: {
        TableName: this.tableName,
        Item: {
          kind: 'callback',
          ...keys.callback(c.transId, c.seq, c.eventId),
          ...keys.outboxEntry(c.createdAt, c.eventId),
          ...c,
          delivery: 'PENDING',
          attempts: 0,
        }, // kind first: payment-item.ts
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
  }

  private claimCompletion(idempotency?: { key: string; result: IdempotentResult }): TransactItem[] {
    if (!idempotency) return [];
    return [claimCompleted(this.tableName, idempotency)];
  }

  /** `alongside`: the entries the operation handed over (an audit entry, a chargeback's index entry), in this transaction. */
  private async transact(items: TransactItem[], { alongside }: Alongside = {}): Promise<void> {
    try {
      const all = withEntries(items, alongside);
      // One item needs no transaction: a conditional Put is as atomic and costs half the write units.
      if (all.length === 1 && all[0]!.Put) await this.ddb.send(new PutCommand(all[0]!.Put));
      else await this.ddb.send(new TransactWriteCommand({ TransactItems: all }));
      alongside?.markStored();
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) throw ConflictError.paymentChanged();
      if (err instanceof TransactionCanceledException && err.CancellationReasons?.some((r) => r.Code === 'ConditionalCheckFailed')) {
        throw ConflictError.paymentChanged();
      }
      throw err;
    }
  }
}

interface ClaimItem {
  state?: string;
  result?: IdempotentResult;
  lockExpiresAt?: number;
  transId?: string;
  attemptId?: string;
  bodyHash?: string;
}

function takenClaim(raw: Record<string, unknown> | undefined, now: Date): Exclude<IdempotencyClaim, { state: 'claimed' }> {
  // Without the old item (a transaction conflict with a concurrent claimer) the claim is live.
  return claimFromItem(raw ? (unmarshall(raw as Parameters<typeof unmarshall>[0]) as ClaimItem) : undefined, now);
}

function claimFromItem(old: ClaimItem | undefined, now: Date): Exclude<IdempotencyClaim, { state: 'claimed' }> {
  if (old?.state === 'COMPLETED' && old.result) return { state: 'completed', result: old.result };
  const stale = old?.lockExpiresAt !== undefined && old.lockExpiresAt < now.getTime();
  return {
    state: 'in-progress',
    stale,
    ...(old?.transId ? { reserved: { transId: old.transId, attemptId: old.attemptId ?? old.transId } } : {}),
    ...(old?.bodyHash ? { bodyHash: old.bodyHash } : {}),
  };
}

/** The idempotency key as kept on the payment: 128 bits of its sha256 hex are enough to tell requests apart. */
function answerKey(key: string): string {
  return key.slice(0, 32);
}

/** Generations of one request key tried before giving up (each needs the previous one's 24 h window to have ended). */
const MAX_GENERATIONS = 64;

/**
 * What a payment found under a request's derived id says to that request: undefined when its window ended (the
 * request makes a new payment under the next id); otherwise its kept answer, or "in progress" (stale once its lock
 * ran out), naming the payment so an abandoned one is answered, never charged again (operations/payment/internal/recover.ts).
 */
export function claimOnPayment(
  found: Payment | undefined,
  transId: string,
  claim: { key: string; ttlSeconds: number },
  now: Date,
  lockMs: number,
): Exclude<IdempotencyClaim, { state: 'claimed' }> | undefined {
  // No image of it (it cannot be missing after a refusal): treat as a live claim.
  if (!found) return { state: 'in-progress', stale: false };
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (found.answer) {
    if (found.answer.key !== answerKey(claim.key) || found.answer.until <= nowSeconds) return undefined;
    return { state: 'completed', result: { statusCode: found.answer.statusCode, body: found.answer.body } };
  }
  const reservedAt = Date.parse(found.createdAt);
  if (reservedAt + claim.ttlSeconds * 1000 <= now.getTime()) return undefined;
  return { state: 'in-progress', stale: reservedAt + lockMs < now.getTime(), reserved: { transId, attemptId: transId } };
}

/** The next generation's id on the payment being reserved (its own attempt is named by it too). */
function renamePayment(p: Payment, transId: string): void {
  for (const h of p.history) if (h.id === p.transId) h.id = transId;
  p.transId = transId;
}
