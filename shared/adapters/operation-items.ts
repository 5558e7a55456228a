/**
 * Items an operation stores in the same transaction as its change to one item: a console change's audit entry
 * (dynamo-console-audit.ts), a chargeback's index entry (dynamo-chargeback-index.ts). Either both are stored or
 * neither.
 *
 * The operation names the item it changes and the entry it adds (withOperationItems); the adapters that write such
 * items send their writes through writeItem() / writeItems(), which put the waiting entries for that item's
 * partition into the write's own TransactWriteItems. Nothing else changes a write: outside withOperationItems, or
 * for another item, these send exactly the command they are given. Entries nest (a console chargeback carries its
 * audit entry and its index entry): every entry waiting for that partition joins the same transaction.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
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

/** An entry waiting for the first write to the item `pk` names. */
export interface OperationItem {
  tableName: string;
  /** The changed item's partition key. */
  pk: string;
  /** The entry's Put, with its attribute_not_exists condition. */
  put: { TableName: string; Item: Record<string, unknown>; ConditionExpression: string };
}

interface Waiting extends OperationItem {
  written: boolean;
}

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
export type SingleWrite = { Put: PutCommandInput } | { Update: UpdateCommandInput } | { Delete: DeleteCommandInput };

const scope = new AsyncLocalStorage<Waiting[]>();
/** DynamoDB's limit on one transaction's items. */
const MAX_ITEMS = 100;

/**
 * Runs `change` with `item` waiting for the change's first write to its partition. `written` is false when the change
 * made no such write (nothing to change, or it refused): the caller decides whether the entry is stored on its own.
 */
export async function withOperationItems<T>(item: OperationItem, change: () => Promise<T>): Promise<{ result: T; written: boolean }> {
  const waiting: Waiting = { ...item, written: false };
  const result = await scope.run([...(scope.getStore() ?? []), waiting], change);
  return { result, written: waiting.written };
}

type Keyed = { TableName?: string; Item?: Record<string, unknown>; Key?: Record<string, unknown> };

function waitingFor(writes: (Keyed | undefined)[]): Waiting[] {
  return (scope.getStore() ?? []).filter(
    (w) => !w.written && writes.some((i) => !!i && i.TableName === w.tableName && (i.Item?.pk ?? i.Key?.pk) === w.pk) && !writes.some((i) => i?.Item === w.put.Item),
  );
}

/**
 * One write to one item, as PutItem / UpdateItem / DeleteItem; with the entries waiting for its item, one
 * TransactWriteItems instead. Its failed condition is a ConditionalCheckFailedException either way (with the item,
 * when ReturnValuesOnConditionCheckFailure asks for it), and ReturnValues ALL_NEW still answers the item as written
 * (a transaction returns none: a consistent read right after). A write asking for other ReturnValues is never joined.
 */
export async function writeItem(ddb: DynamoDBDocumentClient, write: SingleWrite): Promise<{ Attributes?: Record<string, unknown> }> {
  const input: PutCommandInput | UpdateCommandInput | DeleteCommandInput = 'Put' in write ? write.Put : 'Update' in write ? write.Update : write.Delete;
  const joining = input.ReturnValues && input.ReturnValues !== 'NONE' && input.ReturnValues !== 'ALL_NEW' ? [] : waitingFor([input]);
  if (!joining.length) {
    if ('Put' in write) return ddb.send(new PutCommand(write.Put));
    if ('Update' in write) return ddb.send(new UpdateCommand(write.Update));
    return ddb.send(new DeleteCommand(write.Delete));
  }
  const { ReturnValues, ReturnConsumedCapacity: _c, ReturnItemCollectionMetrics: _m, ...item } = input;
  const own = ('Put' in write ? { Put: item } : 'Update' in write ? { Update: item } : { Delete: item }) as TransactItem;
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: [own, ...joining.map((w) => ({ Put: w.put }))] }));
  } catch (err) {
    // The write's own condition failed: the exception its adapter handles. Anything else as it came.
    const reason = err instanceof TransactionCanceledException ? err.CancellationReasons?.[0] : undefined;
    if (reason?.Code === 'ConditionalCheckFailed') {
      throw new ConditionalCheckFailedException({ message: reason.Message ?? 'The conditional request failed', $metadata: {}, ...(reason.Item ? { Item: reason.Item } : {}) });
    }
    throw err;
  }
  for (const w of joining) w.written = true;
  if (ReturnValues !== 'ALL_NEW') return {};
  const key = 'Put' in write ? { pk: write.Put.Item!.pk, sk: write.Put.Item!.sk } : (input as UpdateCommandInput).Key;
  const now = await ddb.send(new GetCommand({ TableName: input.TableName, Key: key, ConsistentRead: true }));
  return { Attributes: now.Item };
}

/**
 * A transaction's items with the entries waiting for any item it writes, and `written()` to call once it is stored.
 * A transaction that would go over DynamoDB's 100 items is left as it is.
 */
export function withWaitingItems(items: TransactItem[]): { items: TransactItem[]; written: () => void } {
  const joining = waitingFor(items.map((t) => (t.Put ?? t.Update ?? t.Delete ?? t.ConditionCheck) as Keyed | undefined));
  if (!joining.length || items.length + joining.length > MAX_ITEMS) return { items, written: () => undefined };
  return {
    items: [...items, ...joining.map((w) => ({ Put: w.put }))],
    written: () => {
      for (const w of joining) w.written = true;
    },
  };
}

/** One TransactWriteItems of `items` with the entries waiting for them. */
export async function writeItems(ddb: DynamoDBDocumentClient, items: TransactItem[]): Promise<void> {
  const joined = withWaitingItems(items);
  await ddb.send(new TransactWriteCommand({ TransactItems: joined.items }));
  joined.written();
}
