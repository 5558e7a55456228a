/**
 * `npx tsx scripts/bench/sdk-call-cpu.ts [--calls 3000]`: node CPU per DynamoDB call (a ~1.4 KB PutItem and a
 * GetItem through the document client, 8 at a time) against DynamoDB Local, with the SDK's defaults and with the
 * platform's client options (shared/adapters/sdk-client-options.ts), measured alternately in one run.
 */
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { parseArgs } from 'node:util';
import { startDynamoDbLocal } from '../local/emulators.js';
import { sdkClientOptions } from '../../shared/adapters/sdk-client-options.js';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '3000' } } });
const calls = Number(values.calls);
const ddbLocal = await startDynamoDbLocal({});
const base = { region: 'eu-west-1', endpoint: ddbLocal.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const variants = {
  defaults: () => DynamoDBDocumentClient.from(new DynamoDBClient(base), { marshallOptions: { removeUndefinedValues: true } }),
  platform: () => DynamoDBDocumentClient.from(new DynamoDBClient({ ...base, ...sdkClientOptions() }), { marshallOptions: { removeUndefinedValues: true } }),
};
try {
  const setup = variants.defaults();
  await setup.send(new CreateTableCommand({ TableName: 'cpu', BillingMode: 'PAY_PER_REQUEST', AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }] }));
  const item = (pk: string) => ({ pk, kind: 'payment', amount: 1000, currency: 'USD', status: 'SETTLED', history: Array.from({ length: 8 }, (_, i) => ({ at: new Date().toISOString(), status: `S${i}`, note: 'x'.repeat(80) })), blob: 'y'.repeat(400) });
  const run = async (name: keyof typeof variants) => {
    const doc = variants[name]();
    for (let i = 0; i < 200; i++) await doc.send(new PutCommand({ TableName: 'cpu', Item: item(`warm-${name}-${i}`) }));
    let n = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (n < calls) {
        const pk = `${name}-${n++}-${Math.random()}`;
        await doc.send(new PutCommand({ TableName: 'cpu', Item: item(pk) }));
        await doc.send(new GetCommand({ TableName: 'cpu', Key: { pk } }));
      }
    }));
    const used = process.cpuUsage(cpu);
    doc.destroy();
    return { name, msPerCall: (used.user + used.system) / 1000 / (2 * n), userShare: used.user / (used.user + used.system), seconds: (performance.now() - started) / 1000 };
  };
  for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) {
    for (const name of Object.keys(variants) as (keyof typeof variants)[]) {
      const r = await run(name);
      console.log(`${r.name.padEnd(9)} ${r.msPerCall.toFixed(3)} ms node CPU per call (user ${(r.userShare * 100).toFixed(0)} %), ${r.seconds.toFixed(1)} s`);
    }
  }
  setup.destroy();
} finally {
  await ddbLocal.stop();
}
