/**
 * The floor a SALE is measured against: a handler on the same in-process gateway that does nothing but the SALE's
 * own DynamoDB writes (captured from a real SALE, replayed with fresh keys). What a SALE costs above this is ours.
 */
import { TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { awsClients } from '../../shared/adapters/aws-clients.js';

interface Template {
  json: string;
  /** Key strings of the captured SALE (its trans_id, its idempotency key …), each replaced by a fresh one per replay. */
  unique: string[];
  marshalled: boolean;
}

let templates: Template[] = [];

/** The SALE's write requests in order, and the strings that made its keys unique. */
export function setFloorWrites(inputs: unknown[], unique: string[]): void {
  templates = inputs.map((input) => {
    const json = JSON.stringify(input);
    return { json, unique: unique.filter((u) => json.includes(u)), marshalled: json.includes('"pk":{"S":') };
  });
}

export async function replaySaleWrites(): Promise<void> {
  if (!templates.length) throw new Error('setFloorWrites first');
  const fresh = new Map<string, string>();
  for (const t of templates) {
    let json = t.json;
    for (const u of t.unique) {
      if (!fresh.has(u)) fresh.set(u, randomUUID());
      json = json.replaceAll(u, fresh.get(u)!);
    }
    const input = JSON.parse(json);
    delete input.ReturnConsumedCapacity;
    await awsClients().ddb.send(t.marshalled ? new TransactWriteItemsCommand(input) : new TransactWriteCommand(input));
  }
}

export async function handler(): Promise<{ statusCode: number; body: string }> {
  await replaySaleWrites();
  return { statusCode: 200, body: '{"result":"SUCCESS"}' };
}
