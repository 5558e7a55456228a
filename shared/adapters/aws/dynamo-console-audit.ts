/**
 * The console's audit log on DynamoDB: AUDIT#<client_key|PLATFORM> / <at>#<id>, and every entry on gsi1 AUDIT /
 * <at>#<id> for operators. Each entry is put once with attribute_not_exists and nothing ever updates or deletes it
 * (no TTL either): on its own (append), or by the store method the operation hands it to, in its change's
 * transaction (entryItem; ports/transaction-items.ts).
 */
import { decodeCursor, encodeCursor } from './page-cursor.js';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry, AuditLog, AuditPage } from '../../ports/console-audit.js';
import type { EntryItem } from '../../ports/transaction-items.js';
import { entryPut } from './transaction-items.js';
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
    await ddbClient().send(new PutCommand(entryPut(this.entryItem(e)).Put!));
  }

  entryItem(e: AuditEntry): EntryItem {
    const sk = `${e.at}#${e.id}`;
    return {
      table: this.tableName,
      item: { pk: `AUDIT#${e.clientKey ?? 'PLATFORM'}`, sk, gsi1pk: 'AUDIT', gsi1sk: sk, kind: 'console-audit', ...e },
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
