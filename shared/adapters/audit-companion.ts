/**
 * An item written in the same transaction as the change it goes with: an audit entry, a chargeback's index entry.
 * Inside withCompanion(), a DynamoDB middleware watches the document client's writes: the first Put / Update / Delete
 * (or TransactWriteItems) touching the changed item's partition is sent as one TransactWriteItems with the
 * companion's conditional Put added, so either both are stored or neither. Companions nest (a console chargeback
 * carries its audit entry and its index entry): every companion waiting for that partition joins the same write. The adapters keep their own writes and errors: a lone write's failed condition comes
 * back as the ConditionalCheckFailedException they expect, and ReturnValues ALL_NEW is answered by a consistent read
 * right after (transactions return no item). Writes to other items (idempotency claims, data keys) pass untouched.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

interface Companion {
  tableName: string;
  /** The changed item's partition key. */
  pk: string;
  /** The entry's Put, with its attribute_not_exists condition. */
  put: { TableName: string; Item: Record<string, unknown>; ConditionExpression: string };
  written: boolean;
}

type Input = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const scope = new AsyncLocalStorage<Companion[]>();
const installed = new WeakSet<object>();
const SINGLE: Record<string, 'Put' | 'Update' | 'Delete'> = { PutItemCommand: 'Put', UpdateItemCommand: 'Update', DeleteItemCommand: 'Delete' };
/** What a write's own parameters may carry into a transaction item. */
const CARRIED = ['TableName', 'Item', 'Key', 'UpdateExpression', 'ConditionExpression', 'ExpressionAttributeNames', 'ExpressionAttributeValues'];

export async function withCompanion<T>(
  client: DynamoDBDocumentClient,
  c: Omit<Companion, 'written'>,
  change: () => Promise<T>,
): Promise<{ result: T; written: boolean }> {
  install(client);
  const companion: Companion = { ...c, written: false };
  const result = await scope.run([...(scope.getStore() ?? []), companion], change);
  return { result, written: companion.written };
}

function touches(c: Companion, i: Input | undefined): boolean {
  return !!i && i.TableName === c.tableName && ((i.Item?.pk ?? i.Key?.pk) === c.pk);
}

function install(client: DynamoDBDocumentClient): void {
  if (installed.has(client)) return;
  installed.add(client);
  client.middlewareStack.add(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    (next: any, context: any) => async (args: any) => {
      const waiting = (scope.getStore() ?? []).filter((c) => !c.written);
      if (!waiting.length) return next(args);
      const name = String(context.commandName);
      const input = args.input as Input;
      if (name === 'TransactWriteItemsCommand') {
        const items = input.TransactItems as Input[];
        const joining = waiting.filter(
          (c) => items.some((t) => touches(c, t.Put ?? t.Update ?? t.Delete ?? t.ConditionCheck)) && !items.some((t) => t.Put?.Item === c.put.Item),
        );
        if (!joining.length || items.length + joining.length > 100) return next(args);
        const out = await next({ ...args, input: { ...input, TransactItems: [...items, ...joining.map((c) => ({ Put: c.put }))] } });
        for (const c of joining) c.written = true;
        return out;
      }
      const kind = SINGLE[name];
      const joining = waiting.filter((c) => touches(c, input));
      if (!kind || !joining.length || (input.ReturnValues && !['NONE', 'ALL_NEW'].includes(input.ReturnValues))) return next(args);
      const item = Object.fromEntries(CARRIED.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));
      try {
        await client.send(new TransactWriteCommand({ TransactItems: [{ [kind]: item } as never, ...joining.map((c) => ({ Put: c.put }))] }));
      } catch (err) {
        // The write's own condition failed: the exception its adapter handles. Anything else as it came.
        if (err instanceof TransactionCanceledException && err.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') {
          throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
        }
        throw err;
      }
      for (const c of joining) c.written = true;
      if (input.ReturnValues !== 'ALL_NEW') return { output: { $metadata: {} }, response: {} };
      const key = input.Key ?? { pk: input.Item.pk, sk: input.Item.sk };
      const now = await client.send(new GetCommand({ TableName: input.TableName, Key: key, ConsistentRead: true }));
      return { output: { $metadata: {}, Attributes: now.Item }, response: {} };
    },
    { step: 'initialize', name: 'auditCompanion', priority: 'high' },
  );
}
