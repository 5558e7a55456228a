/**
 * Outbox items (recorded callbacks) on DynamoDB. Every state change is a conditional write; the rules live in
 * shared/operations/callbacks. A delivery is two writes: the claim (which returns the item, so nothing is read
 * before it) and the outcome, which appends the attempt to the item's own log (`deliveries`) in the same write.
 * Index entries:
 * - gsi2 OUTBOX / "<sweep time>#<event id>": the sweeper re-queues the item after that time unless the consumer
 *   handed it to SQS first (created and not yet picked up, HELD for its predecessor, or leased by a consumer that
 *   may have died mid-POST);
 * - gsi1 CALLBACKS_FAILED#<client_key> / "<failed at>#<trans_id>#<seq>": FAILED callbacks per merchant for replay;
 * - gsi3 DELIVERIES#<client_key> / "<last attempt>#<trans_id>#<seq>": the merchant's delivery log, newest first.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CallbackMessage, DeliveryAttempt, StoredCallback } from '../../domain/callback.js';
import type { AttemptOutcome, CallbackOutbox, Finished, SweepEntry, Take } from '../../ports/callbacks.js';
import { itemsOf } from './index-items.js';
import { ddbClient } from './aws-clients.js';
import { writeItem } from './transaction-items.js';
import type { Alongside, TransactionItems } from '../../ports/transaction-items.js';
import { deliveryEntry, deliveryListing, type DeliveryEntry } from './dynamo-delivery-log.js';
import { keys } from './table-keys.js';

const OUTBOX = 'OUTBOX';
const failedPartition = (clientKey: string) => `CALLBACKS_FAILED#${clientKey}`;
const sweepKey = (at: string, eventId: string) => `${at}#${eventId}`;

/** Nobody is POSTing it right now. */
const NOT_LEASED = '(attribute_not_exists(leaseUntil) OR leaseUntil < :now)';

const ITEM_KEYS = new Set([
  'pk',
  'sk',
  'gsi1pk',
  'gsi1sk',
  'gsi2pk',
  'gsi2sk',
  'gsi3pk',
  'gsi3sk',
  'kind',
  'deliveries',
  'successorWaiting',
]);

export function toCallback(item: Record<string, unknown> | undefined): StoredCallback | undefined {
  if (!item) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) if (!ITEM_KEYS.has(k)) out[k] = v;
  // A delivery keeps its time and last attempt only in the log (finish): read back from its last entry.
  const log = item.deliveries as DeliveryEntry[] | undefined;
  const last = log?.at(-1);
  if (last && out.delivery === 'DELIVERED') {
    out.deliveredAt ??= log!.findLast((e) => e.outcome === 'DELIVERED')?.at ?? last.at;
    out.lastAttempt ??= {
      at: last.at,
      latencyMs: last.latencyMs,
      ...(last.httpStatus !== undefined ? { httpStatus: last.httpStatus } : {}),
      ...(last.error !== undefined ? { error: last.error } : {}),
    };
  }
  return out as unknown as StoredCallback;
}

export class DynamoCallbackOutbox implements CallbackOutbox {
  constructor(private readonly tableName: string) {}

  private get ddb() {
    return ddbClient();
  }

  private key(c: Pick<StoredCallback, 'transId' | 'seq' | 'eventId'>) {
    return keys.callback(c.transId, c.seq, c.eventId);
  }

  async get(msg: CallbackMessage): Promise<StoredCallback | undefined> {
    const res = await this.ddb.send(new GetCommand({ TableName: this.tableName, Key: this.key(msg), ConsistentRead: true }));
    return toCallback(res.Item);
  }

  async getBySeq(transId: string, seq: number): Promise<StoredCallback | undefined> {
    const prefix = keys.callback(transId, seq, '').sk;
    const res = await this.ddb.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
        ExpressionAttributeValues: { ':p': keys.payment(transId).pk, ':s': prefix },
        ConsistentRead: true,
        Limit: 1,
      }),
    );
    return toCallback(res.Items?.[0]);
  }

  async forPayment(transId: string): Promise<StoredCallback[]> {
    const res = await this.ddb.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
        ExpressionAttributeValues: { ':p': keys.payment(transId).pk, ':s': 'CALLBACK#' },
        ConsistentRead: true,
      }),
    );
    return (res.Items ?? []).map((i) => toCallback(i)!);
  }

  async claim(cb: CallbackMessage, lease: { id: string; until: string; now: string }): Promise<StoredCallback | undefined> {
    return (await this.take(cb, lease)).claimed;
  }

  async take(cb: CallbackMessage, lease: { id: string; until: string; now: string }): Promise<Take> {
    try {
      const res = await this.ddb.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: this.key(cb),
          // Back on the sweeper's list, due at the lease end: if this consumer dies mid-POST, the sweeper re-queues
          // it then. An entry still on the list (a first attempt) keeps its time, because moving an index key costs
          // a delete and a put in the index; the sweeper re-sends a leased one at most once a minute (dropped while
          // the lease runs) until the lease is over.
          UpdateExpression:
            'SET delivery = :pending, leaseId = :lid, leaseUntil = :until, attempts = if_not_exists(attempts, :zero) + :one, gsi2pk = :outbox, gsi2sk = if_not_exists(gsi2sk, :sweep) REMOVE nextAttemptAt',
          ConditionExpression: `delivery IN (:pending, :held) AND ${NOT_LEASED} AND (attribute_not_exists(nextAttemptAt) OR nextAttemptAt <= :now)`,
          ExpressionAttributeValues: {
            ':pending': 'PENDING',
            ':held': 'HELD',
            ':lid': lease.id,
            ':until': lease.until,
            ':now': lease.now,
            ':zero': 0,
            ':one': 1,
            ':outbox': OUTBOX,
            ':sweep': sweepKey(lease.until, cb.eventId),
          },
          ReturnValues: 'ALL_NEW',
          // A refusal says why (delivered, leased, not due yet, missing) without a read.
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { claimed: toCallback(res.Attributes)! };
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) {
        const current = err.Item ? unmarshall(err.Item) : undefined;
        // The SDK sent this very claim again after losing its answer (a request timeout): the lease is ours, and the
        // attempt was counted once.
        if (current && current.leaseId === lease.id) return { claimed: toCallback(current)! };
        return { current: toCallback(current) };
      }
      throw err;
    }
  }

  async release(cb: StoredCallback, leaseId: string): Promise<boolean> {
    return this.conditional(cb, {
      // The message waits in SQS (visibility), so the sweeper has nothing to do for it either.
      UpdateExpression: 'SET attempts = attempts - :one REMOVE leaseId, leaseUntil, gsi2pk, gsi2sk',
      ConditionExpression: 'leaseId = :lid',
      ExpressionAttributeValues: { ':one': 1, ':lid': leaseId },
    });
  }

  async recordAttempt(cb: StoredCallback, leaseId: string, attempt: DeliveryAttempt, outcome: AttemptOutcome): Promise<boolean> {
    return (await this.finish(cb, leaseId, attempt, outcome)).recorded;
  }

  async finish(cb: StoredCallback, leaseId: string, attempt: DeliveryAttempt, outcome: AttemptOutcome): Promise<Finished> {
    const last = { at: attempt.at, httpStatus: attempt.httpStatus, latencyMs: attempt.latencyMs, error: attempt.error };
    const log = 'deliveries = list_append(if_not_exists(deliveries, :none), :entry), gsi3pk = :lp, gsi3sk = :ls';
    const listing = deliveryListing(attempt);
    const logValues = { ':none': [], ':entry': [deliveryEntry(attempt)], ':lp': listing.gsi3pk, ':ls': listing.gsi3sk };
    const values: Record<string, unknown> = { ':lid': leaseId, ':last': last, ...logValues };
    let update: string;
    switch (outcome.kind) {
      case 'delivered':
        // deliveredAt and lastAttempt are the log's last entry (toCallback): not written twice, which keeps a
        // typical callback under 1 KB, one write unit.
        update = `SET delivery = :d, ${log} REMOVE leaseId, leaseUntil, nextAttemptAt, gsi2pk, gsi2sk, gsi1pk, gsi1sk, blockedBySeq, failReason, lastAttempt, deliveredAt`;
        values[':d'] = 'DELIVERED';
        delete values[':last'];
        break;
      case 'retry':
        // SQS holds the message until the next attempt; the sweeper has nothing to do for it.
        update = `SET lastAttempt = :last, nextAttemptAt = :next, ${log} REMOVE leaseId, leaseUntil, gsi2pk, gsi2sk`;
        values[':next'] = outcome.nextAttemptAt;
        break;
      case 'failed':
        update = `SET delivery = :f, failedAt = :at, lastAttempt = :last, gsi1pk = :fp, gsi1sk = :fs, ${log} REMOVE leaseId, leaseUntil, nextAttemptAt, gsi2pk, gsi2sk`;
        Object.assign(values, {
          ':f': 'FAILED',
          ':at': attempt.at,
          ':fp': failedPartition(cb.clientKey),
          ':fs': `${attempt.at}#${cb.transId}#${cb.seq}`,
        });
        break;
    }
    try {
      const res = await this.ddb.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: this.key(cb),
          UpdateExpression: update,
          ConditionExpression: 'leaseId = :lid',
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      const after = res.Attributes ?? {};
      return {
        recorded: true,
        successorWaiting: after.successorWaiting as string | undefined,
        replays: after.replays as number | undefined,
      };
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
      // The lease ran out and another consumer took over: the POST still happened, so it still gets logged.
      await this.conditional(cb, {
        UpdateExpression: `SET ${log}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: logValues,
      });
      return { recorded: false };
    }
  }

  async withPrevious(msg: CallbackMessage): Promise<{ previous?: StoredCallback; current?: StoredCallback }> {
    const res = await this.ddb.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :p AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':p': keys.payment(msg.transId).pk,
          ':from': keys.callback(msg.transId, msg.seq - 1, '').sk,
          ':to': keys.callback(msg.transId, msg.seq, '\uffff').sk,
        },
        ConsistentRead: true,
      }),
    );
    const items = (res.Items ?? []).map((i) => toCallback(i)!);
    return {
      previous: items.find((c) => c.seq === msg.seq - 1),
      current: items.find((c) => c.seq === msg.seq && c.eventId === msg.eventId),
    };
  }

  async awaitPrevious(previous: StoredCallback, successorEventId: string, opts: { whileOpen: boolean }): Promise<boolean> {
    return this.conditional(previous, {
      UpdateExpression: 'SET successorWaiting = :s',
      ConditionExpression: opts.whileOpen ? 'delivery IN (:pending, :held)' : 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':s': successorEventId, ...(opts.whileOpen ? { ':pending': 'PENDING', ':held': 'HELD' } : {}) },
    });
  }

  async hold(cb: StoredCallback, recheckAt: string, now: string): Promise<boolean> {
    return this.conditional(cb, {
      UpdateExpression: 'SET delivery = :held, gsi2pk = :outbox, gsi2sk = :sweep REMOVE nextAttemptAt',
      ConditionExpression: `delivery IN (:pending, :held) AND ${NOT_LEASED}`,
      ExpressionAttributeValues: {
        ':held': 'HELD',
        ':pending': 'PENDING',
        ':outbox': OUTBOX,
        ':sweep': sweepKey(recheckAt, cb.eventId),
        ':now': now,
      },
    });
  }

  async failUnattempted(cb: StoredCallback, now: string, reason: { error: string; blockedBySeq?: number }): Promise<boolean> {
    const blocked = reason.blockedBySeq !== undefined;
    return this.conditional(cb, {
      UpdateExpression: `SET delivery = :f, failReason = :e, failedAt = :now, gsi1pk = :fp, gsi1sk = :fs${blocked ? ', blockedBySeq = :b' : ''} REMOVE gsi2pk, gsi2sk, nextAttemptAt`,
      ConditionExpression: `delivery IN (:pending, :held) AND ${NOT_LEASED}`,
      ExpressionAttributeValues: {
        ':f': 'FAILED',
        ':e': reason.error,
        ':now': now,
        ':pending': 'PENDING',
        ':held': 'HELD',
        ':fp': failedPartition(cb.clientKey),
        ':fs': `${now}#${cb.transId}#${cb.seq}`,
        ...(blocked ? { ':b': reason.blockedBySeq } : {}),
      },
    });
  }

  async reopen(cb: StoredCallback, now: string, opts: { onlyBlocked?: boolean } & Alongside = {}): Promise<boolean> {
    return this.conditional(
      cb,
      {
        // Back on the sweeper's list until a consumer picks it up: a lost SQS send after this write loses nothing.
        UpdateExpression:
          'SET delivery = :pending, replays = if_not_exists(replays, :zero) + :inc, gsi2pk = :outbox, gsi2sk = :sweep REMOVE gsi1pk, gsi1sk, blockedBySeq, failReason, nextAttemptAt, failedAt',
        ConditionExpression: opts.onlyBlocked
          ? `delivery = :f AND attribute_exists(blockedBySeq) AND ${NOT_LEASED}`
          : `attribute_exists(pk) AND ${NOT_LEASED}`,
        ExpressionAttributeValues: {
          ':pending': 'PENDING',
          ':zero': 0,
          ':inc': opts.onlyBlocked ? 0 : 1,
          ':outbox': OUTBOX,
          ':sweep': sweepKey(now, cb.eventId),
          ':now': now,
          ...(opts.onlyBlocked ? { ':f': 'FAILED' } : {}),
        },
      },
      opts.alongside,
    );
  }

  async leaveToQueue(cb: StoredCallback): Promise<void> {
    await this.conditional(cb, {
      UpdateExpression: 'REMOVE gsi2pk, gsi2sk',
      ConditionExpression: 'attribute_exists(gsi2pk) AND attribute_not_exists(leaseId)',
    });
  }

  async due(before: string, limit: number): Promise<SweepEntry[]> {
    const out: SweepEntry[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const res = await this.ddb.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :p AND gsi2sk < :t',
          ExpressionAttributeValues: { ':p': OUTBOX, ':t': before },
          Limit: Math.min(100, limit - out.length),
          ExclusiveStartKey: start,
        }),
      );
      out.push(...(res.Items ?? []).map((i) => ({ ...toCallback(i)!, sweepKey: i.gsi2sk as string })));
      start = res.LastEvaluatedKey;
    } while (start && out.length < limit);
    return out;
  }

  async postponeSweep(entry: SweepEntry, until: string): Promise<void> {
    await this.conditional(entry, {
      UpdateExpression: 'SET gsi2sk = :next',
      ConditionExpression: 'gsi2sk = :seen',
      ExpressionAttributeValues: { ':next': sweepKey(until, entry.eventId), ':seen': entry.sweepKey },
    });
  }

  async failedFor(clientKey: string, limit: number): Promise<StoredCallback[]> {
    const out: StoredCallback[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const res = await this.ddb.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :p',
          ExpressionAttributeValues: { ':p': failedPartition(clientKey) },
          Limit: Math.min(100, limit - out.length),
          ExclusiveStartKey: start,
        }),
      );
      out.push(...(await itemsOf(this.tableName, res.Items ?? [])).map((i) => toCallback(i)!));
      start = res.LastEvaluatedKey;
    } while (start && out.length < limit);
    return out;
  }

  private async conditional(
    cb: StoredCallback,
    expr: { UpdateExpression: string; ConditionExpression: string; ExpressionAttributeValues?: Record<string, unknown> },
    alongside?: TransactionItems,
  ): Promise<boolean> {
    try {
      await writeItem(this.ddb, { Update: { TableName: this.tableName, Key: this.key(cb), ...expr } }, alongside);
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      throw err;
    }
  }
}
