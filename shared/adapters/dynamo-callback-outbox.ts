/** Outbox items (recorded callbacks) on DynamoDB: read one, mark progress, find the ones never queued. */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CallbackRecord } from '../domain/callback.js';
import { awsClients } from './aws-clients.js';
import { keys } from './table-keys.js';

export interface StoredCallback extends CallbackRecord {
  delivery: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
}

export class DynamoCallbackOutbox {
  constructor(private readonly tableName: string) {}

  async get(transId: string, seq: number, eventId: string): Promise<StoredCallback | undefined> {
    const res = await awsClients().ddb.send(
      new GetCommand({ TableName: this.tableName, Key: keys.callback(transId, seq, eventId), ConsistentRead: true }),
    );
    return res.Item as StoredCallback | undefined;
  }

  /** The message reached a consumer: the sweeper need not queue it again. */
  async markQueued(c: CallbackRecord): Promise<void> {
    await awsClients().ddb.send(
      new UpdateCommand({ TableName: this.tableName, Key: keys.callback(c.transId, c.seq, c.eventId), UpdateExpression: 'REMOVE gsi2pk, gsi2sk', ConditionExpression: 'attribute_exists(pk)' }),
    );
  }

  async markDelivered(c: CallbackRecord, attempt: { at: string; httpStatus: number; latencyMs: number }): Promise<void> {
    await awsClients().ddb.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: keys.callback(c.transId, c.seq, c.eventId),
        UpdateExpression: 'SET delivery = :d, attempts = attempts + :one, lastAttempt = :a REMOVE gsi2pk, gsi2sk',
        ExpressionAttributeValues: { ':d': 'DELIVERED', ':one': 1, ':a': attempt },
      }),
    );
  }

  async markAttemptFailed(c: CallbackRecord, attempt: { at: string; httpStatus?: number; latencyMs: number; error: string }): Promise<number> {
    const res = await awsClients().ddb.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: keys.callback(c.transId, c.seq, c.eventId),
        UpdateExpression: 'SET attempts = attempts + :one, lastAttempt = :a REMOVE gsi2pk, gsi2sk',
        ExpressionAttributeValues: { ':one': 1, ':a': attempt },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return (res.Attributes?.attempts as number) ?? 0;
  }

  /** Callbacks recorded before `olderThan` that no consumer has picked up yet (sparse index). */
  async unqueued(olderThan: string, limit = 100): Promise<StoredCallback[]> {
    const res = await awsClients().ddb.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :p AND gsi2sk < :t',
        ExpressionAttributeValues: { ':p': 'OUTBOX', ':t': olderThan },
        Limit: limit,
      }),
    );
    return (res.Items ?? []) as StoredCallback[];
  }
}
