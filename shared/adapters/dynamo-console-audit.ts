/**
 * The console's audit log on DynamoDB: AUDIT#<client_key|PLATFORM> / <at>#<id>, and every entry on gsi1 AUDIT /
 * <at>#<id> for operators. Each entry is put once with attribute_not_exists and nothing ever updates or deletes it
 * (no TTL either).
 */
import { decodeCursor, encodeCursor } from './page-cursor.js';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditedItem, AuditEntry, AuditLog, AuditPage } from '../ports/console-audit.js';
import { withOperationItems } from './operation-items.js';
import { consoleUserKey } from './dynamo-console-users.js';
import { scheduleKeys } from './dynamo-schedules.js';
import { keys } from './table-keys.js';
import { itemsOf } from './index-items.js';
import { ddbClient } from './aws-clients.js';

const FIELDS: (keyof AuditEntry)[] = ['id', 'at', 'actor', 'role', 'action', 'clientKey', 'target', 'details', 'sourceIp', 'userAgent'];

function toEntry(item: Record<string, unknown>): AuditEntry {
  const out: Record<string, unknown> = {};
  for (const f of FIELDS) if (item[f] !== undefined) out[f] = item[f];
  return out as unknown as AuditEntry;
}

/** A cursor from another listing (another merchant's, edited by hand) would be a DynamoDB error: start over instead. */
function ownCursor(key: Record<string, unknown> | undefined, clientKey: string | undefined) {
  if (!key) return undefined;
  return (clientKey ? key.pk === `AUDIT#${clientKey}` : key.gsi1pk === 'AUDIT') && typeof key.sk === 'string' ? key : undefined;
}

export class DynamoAuditLog implements AuditLog {
  constructor(private readonly tableName: string) {}

  async append(e: AuditEntry): Promise<void> {
    await ddbClient().send(new PutCommand(this.put(e)));
  }

  withChange<T>(entry: AuditEntry, item: AuditedItem, change: () => Promise<T>): Promise<{ result: T; written: boolean }> {
    return withOperationItems({ tableName: this.tableName, pk: partitionOf(item), put: this.put(entry) }, change);
  }

  private put(e: AuditEntry) {
    const sk = `${e.at}#${e.id}`;
    return {
      TableName: this.tableName,
      Item: { pk: `AUDIT#${e.clientKey ?? 'PLATFORM'}`, sk, gsi1pk: 'AUDIT', gsi1sk: sk, kind: 'console-audit', ...e },
      ConditionExpression: 'attribute_not_exists(pk)',
    };
  }

  async list(clientKey: string | undefined, opts: { limit: number; cursor?: string }): Promise<AuditPage> {
    const res = await ddbClient().send(
      new QueryCommand({
        TableName: this.tableName,
        ...(clientKey
          ? { KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': `AUDIT#${clientKey}` } }
          : { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': 'AUDIT' } }),
        ScanIndexForward: false,
        Limit: opts.limit,
        ExclusiveStartKey: ownCursor(decodeCursor(opts.cursor), clientKey),
      }),
    );
    // The platform-wide listing comes from gsi1, which holds keys: its entries are read by key.
    const items = clientKey ? (res.Items ?? []) : await itemsOf(this.tableName, res.Items ?? []);
    return { entries: items.map(toEntry), cursor: encodeCursor(res.LastEvaluatedKey) };
  }
}

function partitionOf(item: AuditedItem): string {
  if ('payment' in item) return keys.payment(item.payment).pk;
  if ('merchant' in item) return keys.merchant(item.merchant).pk;
  if ('schedule' in item) return scheduleKeys.schedule(item.schedule).pk;
  return consoleUserKey(item.consoleUser).pk;
}

