/**
 * The reconciler's work list on DynamoDB: payment items carry gsi2 UNDETERMINED / "<since>#<trans_id>" while a
 * transaction of theirs waits for the acquirer (written by DynamoPaymentStore with the payment itself), except a
 * payment's reservation: a request that died before its outcome write left its payment off the list, and
 * listAbandoned puts it there, walking each merchant's payments (gsi3, keys only) past a watermark item.
 */
import { PutCommand, QueryCommand, UpdateCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { awaitingAcquirerSince } from '../../domain/undetermined.js';
import type { UndeterminedEntry, UndeterminedPayments } from '../../ports/undetermined-payments.js';
import { ddbClient } from './aws-clients.js';
import { itemsOf } from './index-items.js';
import { queryAll } from './query-all.js';
import { toPayment } from './payment-item.js';
import { keys, transIdOfKey, UNDETERMINED } from './table-keys.js';

/**
 * Where a merchant's first walk starts. Payments reserved before this change carry their entry (the list still reads
 * them); later ones are walked: a week covers the time between a deployment and the reconciler's first run, and a
 * test clock reset (the watermark is then ahead of "now" and is walked again from here).
 */
const FIRST_WALK_DAYS = 7;
/** Index entries read per query page. */
const PAGE = 100;

export class DynamoUndeterminedPayments implements UndeterminedPayments {
  constructor(private readonly tableName: string) {}

  async waitingSince(before: string, limit: number): Promise<UndeterminedEntry[]> {
    const res = await ddbClient().send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :p AND gsi2sk < :before',
        ExpressionAttributeValues: { ':p': UNDETERMINED, ':before': before },
        ProjectionExpression: 'pk, gsi2sk',
        Limit: limit,
      }),
    );
    return (res.Items ?? []).map((i) => ({ transId: transIdOfKey(String(i.pk)), since: String(i.gsi2sk).split('#')[0]! }));
  }

  async merchants(): Promise<string[]> {
    const entries = await queryAll({
      TableName: this.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.merchantListing('').gsi1pk },
      ProjectionExpression: 'gsi1sk',
    });
    return entries.map((i) => String(i.gsi1sk));
  }

  async listAbandoned(clientKey: string, before: string, limit: number): Promise<number> {
    const watermark = await this.watermark(clientKey, before);
    let from = watermark;
    let listed = 0;
    let walked = 0;
    let start: Record<string, unknown> | undefined;
    try {
      walk: do {
        // Reserved before `before` (the grace period: its request has surely ended), oldest first, past the watermark.
        const res = await ddbClient().send(
          new QueryCommand({
            TableName: this.tableName,
            IndexName: 'gsi3',
            KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk BETWEEN :from AND :before',
            ExpressionAttributeValues: { ':pk': keys.merchantPayments(clientKey, '').gsi3pk, ':from': watermark, ':before': before },
            Limit: PAGE,
            ExclusiveStartKey: start,
          }),
        );
        // Sort keys are creation instants, not unique: payments of the watermark's own instant are looked at again
        // (a walk may have stopped between two of them); one already listed or settled is passed.
        const entries = res.Items ?? [];
        const items = new Map((await itemsOf(this.tableName, entries)).map((i) => [String(i.pk), i]));
        for (const entry of entries) {
          const item = items.get(String(entry.pk));
          const handed = item ? await this.handOver(item) : 'passed';
          // Changed while we looked: the walk stops before it (the next run looks again).
          if (handed === 'changed') break walk;
          if (handed === 'listed') listed += 1;
          // The instant alone (an older item's key adds "#<trans_id>"): the next walk starts with that whole instant.
          from = instantOf(String(entry.gsi3sk));
          walked += 1;
        }
        start = res.LastEvaluatedKey;
      } while (start && walked < limit);
    } finally {
      if (from !== watermark) await this.advance(clientKey, from);
    }
    return listed;
  }

  /** The payment on the list if it still waits for the acquirer without an entry (only if it did not change meanwhile). */
  private async handOver(item: Record<string, unknown>): Promise<'listed' | 'passed' | 'changed'> {
    // A follow-up reserved by UpdateItem keeps its attempt beside the history until its outcome (it lists itself).
    const payment = toPayment(item);
    const since = awaitingAcquirerSince(payment);
    if (!since || item.gsi2pk === UNDETERMINED) return 'passed';
    const entry = keys.undeterminedEntry(since, payment.transId);
    try {
      await ddbClient().send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.payment(payment.transId),
          // The version stays: the entry describes the state, it does not change it (a late outcome write still wins).
          UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
          ConditionExpression: '#v = :v',
          ExpressionAttributeNames: { '#v': 'version' },
          ExpressionAttributeValues: { ':pk': entry.gsi2pk, ':sk': entry.gsi2sk, ':v': payment.version },
        }),
      );
      return 'listed';
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
      return 'changed';
    }
  }

  /** Where the merchant's last walk stopped (a creation instant), or a week back when it never walked or is ahead of now. */
  private async watermark(clientKey: string, before: string): Promise<string> {
    const res = await ddbClient().send(
      new GetCommand({ TableName: this.tableName, Key: keys.reconcileWatermark(clientKey), ConsistentRead: true }),
    );
    const at = res.Item?.at as string | undefined;
    if (at && at < before) return at;
    return new Date(Date.parse(before) - FIRST_WALK_DAYS * 86_400_000).toISOString();
  }

  /**
   * Unconditional: two concurrent walks may move it back, which only costs a few reads again; it never passes a payment
   * that waits without an entry.
   */
  private async advance(clientKey: string, at: string): Promise<void> {
    await ddbClient().send(
      new PutCommand({ TableName: this.tableName, Item: { ...keys.reconcileWatermark(clientKey), kind: 'watermark', at } }),
    );
  }
}

/** The creation instant an index sort key starts with. */
function instantOf(sk: string): string {
  return sk.split('#')[0]!;
}
