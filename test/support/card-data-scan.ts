/**
 * After the whole suite: no raw card number or CVV in any DynamoDB item any test wrote (every table of the shared
 * DynamoDB Local) or in any log line a worker printed (test/support/log-capture.ts). Card numbers are the test cards
 * the suite uses, in any spelling (plain, spaced, dashed); a CVV can only be found by name, as an attribute.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient, ListTablesCommand, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';

/** Every card number the tests pay with (grep the tests for 13–19 digit numbers when adding one). */
export const TEST_PANS = [
  '4111111111111111',
  '4601541833776519',
  '5555555555554444',
  '4917111111111111',
  '4111111111111112',
  '5204731600001234',
  '4895370012003456',
  '4761340000009876',
];

const spellings = (pan: string) => [pan, pan.replace(/(\d{4})(?=\d)/g, '$1 '), pan.replace(/(\d{4})(?=\d)/g, '$1-')];
const NEEDLES = TEST_PANS.flatMap(spellings);
const CVV_NAME = /^(card_)?cvv2?$|^cvc2?$|^(payer_)?card_cvv2$|^cvv$/i;

export function findCardData(text: string): string[] {
  return NEEDLES.filter((n) => text.includes(n));
}

export async function scanTables(endpoint: string): Promise<string[]> {
  const ddb = new DynamoDBClient({ region: 'eu-west-1', endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const problems: string[] = [];
  let tables: string[] = [];
  let start: string | undefined;
  do {
    const page = await ddb.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
    tables = tables.concat(page.TableNames ?? []);
    start = page.LastEvaluatedTableName;
  } while (start);
  for (const table of tables) {
    let key: Record<string, AttributeValue> | undefined;
    do {
      const page = await ddb.send(new ScanCommand({ TableName: table, ExclusiveStartKey: key }));
      for (const item of page.Items ?? []) {
        const found = findCardData(JSON.stringify(item));
        const names = attributeNames(item).filter((n) => CVV_NAME.test(n));
        if (found.length || names.length)
          problems.push(`${table} ${JSON.stringify({ pk: item.pk, sk: item.sk })}: ${[...found, ...names].join(', ')}`);
      }
      key = page.LastEvaluatedKey;
    } while (key);
  }
  ddb.destroy();
  return problems;
}

export function scanLogs(dir: string): string[] {
  const problems: string[] = [];
  for (const file of readdirSync(dir)) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      const found = findCardData(line);
      if (found.length) problems.push(`${file}: ${line.slice(0, 300)}`);
    }
  }
  return problems;
}

function attributeNames(v: unknown, out: string[] = []): string[] {
  if (v && typeof v === 'object')
    for (const [k, child] of Object.entries(v)) {
      out.push(k);
      attributeNames(child, out);
    }
  return out;
}
