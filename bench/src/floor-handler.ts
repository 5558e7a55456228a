/**
 * The floor a SALE is measured against: a handler on the same in-process gateway that does nothing but the SALE's
 * own DynamoDB writes (captured from a real SALE, replayed with fresh keys). What a SALE costs above this is ours.
 *
 * The replays go to a copy of the table (same keys, indexes and stream, so the same write units and the same work
 * for DynamoDB Local) that no consumer reads: replayed into the platform's table, each one's callback item reached the
 * stream consumers and was delivered, and those bogus callbacks loaded the runs measured after the floor (the callback
 * queue held ~600 of them after 10 s runs) and the floor's own CPU.
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { awsClients } from '../../shared/adapters/aws/aws-clients.js';

interface Template {
  json: string;
  /** Key strings of the captured SALE (its trans_id, its idempotency key …), each replaced by a fresh one per replay. */
  unique: string[];
  marshalled: boolean;
}

let templates: Template[] = [];
let callbackTemplates: Template[] = [];

/** A copy of `tableName`'s keys, indexes and stream, read by no consumer; returns the copy's name. */
export async function createFloorTable(tableName: string): Promise<string> {
  const client = awsClients().ddb;
  const { Table: t } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  if (!t) throw new Error(`no table ${tableName}`);
  const copy = `${tableName}-floor`;
  await client.send(
    new CreateTableCommand({
      TableName: copy,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: t.AttributeDefinitions,
      KeySchema: t.KeySchema,
      ...(t.StreamSpecification ? { StreamSpecification: t.StreamSpecification } : {}),
      ...(t.GlobalSecondaryIndexes?.length
        ? {
            GlobalSecondaryIndexes: t.GlobalSecondaryIndexes.map((g) => ({
              IndexName: g.IndexName,
              KeySchema: g.KeySchema,
              Projection: g.Projection,
            })),
          }
        : {}),
    }),
  );
  await waitUntilTableExists({ client, maxWaitTime: 60 }, { TableName: copy });
  return copy;
}

/** The SALE's write requests in order, the strings that made its keys unique, and the table to replay them into. */
export function setFloorWrites(inputs: unknown[], unique: string[], from: string, into: string): void {
  templates = toTemplates(inputs, unique, from, into);
}

/**
 * The writes its callback's delivery made for the same payment (the lease, then the outcome with the delivery log):
 * the throughput ceiling replays them after the SALE's, so DynamoDB Local alone does every write a SALE with its
 * callback does.
 */
export function setCallbackWrites(inputs: unknown[], unique: string[], from: string, into: string): void {
  callbackTemplates = toTemplates(inputs, unique, from, into);
}

function toTemplates(inputs: unknown[], unique: string[], from: string, into: string): Template[] {
  return inputs.map((input) => {
    const json = JSON.stringify(input).replaceAll(`"TableName":${JSON.stringify(from)}`, `"TableName":${JSON.stringify(into)}`);
    return { json, unique: unique.filter((u) => json.includes(u)), marshalled: json.includes('"pk":{"S":') };
  });
}

/** The SALE's writes, or only its `only`-th one (the bench's CPU split measures each apart). */
export async function replaySaleWrites(only?: number): Promise<void> {
  if (!templates.length) throw new Error('setFloorWrites first');
  await replay(only === undefined ? templates : [templates[only]!], new Map());
}

/** The SALE's writes, then its callback's, on one fresh payment. */
export async function replayPaymentWrites(): Promise<void> {
  if (!templates.length || !callbackTemplates.length) throw new Error('setFloorWrites and setCallbackWrites first');
  const fresh = new Map<string, string>();
  await replay(templates, fresh);
  await replay(callbackTemplates, fresh);
}

async function replay(list: Template[], fresh: Map<string, string>): Promise<void> {
  for (const t of list) {
    let json = t.json;
    for (const u of t.unique) {
      if (!fresh.has(u)) fresh.set(u, randomUUID());
      json = json.replaceAll(u, fresh.get(u)!);
    }
    const input = JSON.parse(json);
    delete input.ReturnConsumedCapacity;
    // Any of these commands on the one client: send()'s overloads do not take their union, so it is named as one.
    await awsClients().ddb.send(commandFor(input, t.marshalled) as PutCommand);
  }
}

/** The SALE's writes are transactions, single Puts (the reservation) or Updates, as the platform sent them. */
function commandFor(input: Record<string, unknown>, marshalled: boolean) {
  if (input.TransactItems) return marshalled ? new TransactWriteItemsCommand(input as never) : new TransactWriteCommand(input as never);
  if (input.Item) return marshalled ? new PutItemCommand(input as never) : new PutCommand(input as never);
  return marshalled ? new UpdateItemCommand(input as never) : new UpdateCommand(input as never);
}

export function saleWriteCommands(): string[] {
  return templates.map((t) => {
    const i = JSON.parse(t.json);
    return i.TransactItems ? `TransactWrite(${i.TransactItems.length})` : i.Item ? 'Put' : 'Update';
  });
}

export async function handler(): Promise<{ statusCode: number; body: string }> {
  await replaySaleWrites();
  return { statusCode: 200, body: '{"result":"SUCCESS"}' };
}
