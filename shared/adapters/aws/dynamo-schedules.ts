/**
 * ScheduleStore on the single table. A schedule and its subscriptions share one partition (SCHEDULE#<id>), so a
 * schedule's subscriptions are one Query. An active subscription carries the sparse index entry
 * gsi2 SCHEDULE_DUE / <next run ISO>#<schedule_id>#<recurring_token> that the runner reads. A schedule is listed
 * under its merchant on gsi1 SCHEDULES#<client_key> / <created ISO>#<schedule_id> (the console's Schedules screen).
 */
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { writeItem, type SingleWrite } from './transaction-items.js';
import type { Alongside, TransactionItems } from '../../ports/transaction-items.js';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { ConflictError } from '../../domain/errors.js';
import type { Schedule, Subscription } from '../../domain/schedule.js';
import type { DueEntry, ScheduleStore } from '../../ports/schedules.js';
import type { IdempotentResult } from '../../ports/payment-store.js';
import { claimCompleted } from './idempotency-items.js';
import { ddbClient } from './aws-clients.js';

export const SCHEDULE_DUE = 'SCHEDULE_DUE';

export const scheduleKeys = {
  schedule: (scheduleId: string) => ({ pk: `SCHEDULE#${scheduleId}`, sk: 'SCHEDULE' }),
  subscription: (scheduleId: string, recurringToken: string) => ({ pk: `SCHEDULE#${scheduleId}`, sk: `SUBSCRIPTION#${recurringToken}` }),
  due: (nextRunAt: string, scheduleId: string, recurringToken: string) => ({
    gsi2pk: SCHEDULE_DUE,
    gsi2sk: `${nextRunAt}#${scheduleId}#${recurringToken}`,
  }),
  merchantListing: (s: Pick<Schedule, 'clientKey' | 'createdAt' | 'scheduleId'>) => ({
    gsi1pk: `SCHEDULES#${s.clientKey}`,
    gsi1sk: `${s.createdAt}#${s.scheduleId}`,
  }),
};

export class DynamoScheduleStore implements ScheduleStore {
  constructor(private readonly tableName: string) {}

  private get ddb() {
    return ddbClient();
  }

  async create(schedule: Schedule, idempotency?: { key: string; result: IdempotentResult }): Promise<void> {
    const put = { TableName: this.tableName, Item: scheduleItem(schedule), ConditionExpression: 'attribute_not_exists(pk)' };
    if (!idempotency) {
      await this.ddb.send(new PutCommand(put));
      return;
    }
    await this.ddb.send(
      new TransactWriteCommand({
        TransactItems: [{ Put: put }, claimCompleted(this.tableName, idempotency)],
      }),
    );
  }

  async get(scheduleId: string, clientKey?: string): Promise<Schedule | undefined> {
    const res = await this.ddb.send(
      new GetCommand({ TableName: this.tableName, Key: scheduleKeys.schedule(scheduleId), ConsistentRead: true }),
    );
    if (!res.Item || (clientKey !== undefined && res.Item.clientKey !== clientKey)) return undefined;
    const { pk: _pk, sk: _sk, kind: _k, gsi1pk: _g, gsi1sk: _gs, ...rest } = res.Item;
    return rest as Schedule;
  }

  async update(schedule: Schedule, opts: Alongside = {}): Promise<void> {
    await this.conditional(this.nextVersion(scheduleItem(schedule), schedule.version), opts.alongside);
  }

  async delete(schedule: Schedule): Promise<void> {
    await this.conditional({
      Delete: {
        TableName: this.tableName,
        Key: scheduleKeys.schedule(schedule.scheduleId),
        ConditionExpression: '#v = :expected',
        ExpressionAttributeNames: { '#v': 'version' },
        ExpressionAttributeValues: { ':expected': schedule.version },
      },
    });
  }

  async createSubscription(sub: Subscription): Promise<boolean> {
    try {
      await writeItem(this.ddb, {
        Put: { TableName: this.tableName, Item: subscriptionItem(sub), ConditionExpression: 'attribute_not_exists(pk)' },
      });
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      throw err;
    }
  }

  async getSubscription(scheduleId: string, recurringToken: string): Promise<Subscription | undefined> {
    const res = await this.ddb.send(
      new GetCommand({ TableName: this.tableName, Key: scheduleKeys.subscription(scheduleId, recurringToken), ConsistentRead: true }),
    );
    if (!res.Item) return undefined;
    const { pk: _pk, sk: _sk, kind: _k, gsi2pk: _g, gsi2sk: _gs, ...rest } = res.Item;
    return rest as Subscription;
  }

  async findDue(now: string, limit: number): Promise<DueEntry[]> {
    const res = await this.ddb.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :due AND gsi2sk <= :now',
        // "~" sorts after "#", so entries due exactly now are included.
        ExpressionAttributeValues: { ':due': SCHEDULE_DUE, ':now': `${now}~` },
        ProjectionExpression: 'scheduleId, recurringToken, nextRun, gsi2sk',
        Limit: limit,
      }),
    );
    return (res.Items ?? []).map((i) => ({
      scheduleId: i.scheduleId,
      recurringToken: i.recurringToken,
      nextRun: i.nextRun,
      dueKey: i.gsi2sk,
    }));
  }

  async lease(entry: DueEntry, until: string): Promise<boolean> {
    try {
      await this.ddb.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: scheduleKeys.subscription(entry.scheduleId, entry.recurringToken),
          UpdateExpression: 'SET gsi2sk = :lease, #v = #v + :one',
          // Only the runner that saw this exact entry moves it: a second runner, or one reading a stale index, loses.
          ConditionExpression: 'gsi2sk = :seen AND nextRun = :run AND #st = :active',
          ExpressionAttributeNames: { '#v': 'version', '#st': 'state' },
          ExpressionAttributeValues: {
            ':lease': scheduleKeys.due(until, entry.scheduleId, entry.recurringToken).gsi2sk,
            ':seen': entry.dueKey,
            ':run': entry.nextRun,
            ':active': 'active',
            ':one': 1,
          },
        }),
      );
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      throw err;
    }
  }

  async saveSubscription(sub: Subscription, opts: Alongside = {}): Promise<boolean> {
    try {
      await writeItem(this.ddb, this.nextVersion(subscriptionItem(sub), sub.version), opts.alongside);
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      throw err;
    }
  }

  /** Replaces the item only over the version before `version`: two edits from one read never both land. */
  private nextVersion(item: Record<string, unknown>, version: number): SingleWrite {
    return {
      Put: {
        TableName: this.tableName,
        Item: item,
        ConditionExpression: '#v = :expected',
        ExpressionAttributeNames: { '#v': 'version' },
        ExpressionAttributeValues: { ':expected': version - 1 },
      },
    };
  }

  private async conditional(write: SingleWrite, alongside?: TransactionItems): Promise<void> {
    try {
      await writeItem(this.ddb, write, alongside);
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException || err instanceof TransactionCanceledException) {
        throw ConflictError.scheduleChanged();
      }
      throw err;
    }
  }
}

function scheduleItem(s: Schedule): Record<string, unknown> {
  return { ...scheduleKeys.schedule(s.scheduleId), ...scheduleKeys.merchantListing(s), kind: 'schedule', ...s };
}

function subscriptionItem(s: Subscription): Record<string, unknown> {
  return {
    kind: 'subscription', // a plain member first: payment-item.ts
    ...scheduleKeys.subscription(s.scheduleId, s.recurringToken),
    ...s,
    // Sparse: only active subscriptions are in the runner's index.
    ...(s.state === 'active' ? scheduleKeys.due(s.nextRunAt, s.scheduleId, s.recurringToken) : {}),
  };
}
