/**
 * How an adapter's write carries the entries an operation hands it (ports/transaction-items.ts: a console change's
 * audit entry, a chargeback's index entry) in one TransactWriteItems with the change: either both are stored or
 * neither. Without entries, a write is exactly the command it is given.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DeleteCommandInput,
  type DynamoDBDocumentClient,
  type PutCommandInput,
  type TransactWriteCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { EntryItem, TransactionItems } from '../../ports/transaction-items.js';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
export type SingleWrite = { Put: PutCommandInput } | { Update: UpdateCommandInput } | { Delete: DeleteCommandInput };

/** DynamoDB's limit on one transaction's items. */
const MAX_ITEMS = 100;

/** An entry's Put: once, never over an existing item. */
export function entryPut(e: EntryItem): TransactItem {
  return { Put: { TableName: e.table, Item: e.item, ConditionExpression: 'attribute_not_exists(pk)' } };
}

/** The items of a transaction that also stores `alongside`'s pending entries. */
export function withEntries(items: TransactItem[], alongside: TransactionItems | undefined): TransactItem[] {
  const entries = alongside?.pending ?? [];
  if (items.length + entries.length > MAX_ITEMS)
    throw new Error(`a transaction of ${items.length} items cannot carry ${entries.length} more`);
  return [...items, ...entries.map(entryPut)];
}

/**
 * One write to one item, as PutItem / UpdateItem / DeleteItem; with entries to carry, one TransactWriteItems
 * instead. Its failed condition is a ConditionalCheckFailedException either way (with the item, when
 * ReturnValuesOnConditionCheckFailure asks for it), and ReturnValues ALL_NEW still answers the item as written (a
 * transaction returns none: a consistent read right after). Other ReturnValues cannot carry entries.
 */
export async function writeItem(
  ddb: DynamoDBDocumentClient,
  write: SingleWrite,
  alongside?: TransactionItems,
): Promise<{ Attributes?: Record<string, unknown> }> {
  const input: PutCommandInput | UpdateCommandInput | DeleteCommandInput =
    'Put' in write ? write.Put : 'Update' in write ? write.Update : write.Delete;
  if (!alongside?.pending.length) {
    if ('Put' in write) return ddb.send(new PutCommand(write.Put));
    if ('Update' in write) return ddb.send(new UpdateCommand(write.Update));
    return ddb.send(new DeleteCommand(write.Delete));
  }
  const { ReturnValues, ReturnConsumedCapacity: _c, ReturnItemCollectionMetrics: _m, ...item } = input;
  if (ReturnValues && ReturnValues !== 'NONE' && ReturnValues !== 'ALL_NEW')
    throw new Error(`a write asking for ${ReturnValues} cannot carry entries`);
  const own = ('Put' in write ? { Put: item } : 'Update' in write ? { Update: item } : { Delete: item }) as TransactItem;
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: withEntries([own], alongside) }));
  } catch (err) {
    // The write's own condition failed: the exception its adapter handles. Anything else as it came.
    const reason = err instanceof TransactionCanceledException ? err.CancellationReasons?.[0] : undefined;
    if (reason?.Code === 'ConditionalCheckFailed') {
      throw new ConditionalCheckFailedException({
        message: reason.Message ?? 'The conditional request failed',
        $metadata: {},
        ...(reason.Item ? { Item: reason.Item } : {}),
      });
    }
    throw err;
  }
  alongside.markStored();
  if (ReturnValues !== 'ALL_NEW') return {};
  const key = 'Put' in write ? { pk: write.Put.Item!.pk, sk: write.Put.Item!.sk } : (input as UpdateCommandInput).Key;
  const now = await ddb.send(new GetCommand({ TableName: input.TableName, Key: key, ConsistentRead: true }));
  return { Attributes: now.Item };
}
