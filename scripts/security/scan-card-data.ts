/**
 * Scans a stage's (or the local platform's) DynamoDB table, every item on every page, and any log files for raw
 * card numbers and CVVs. Read-only. Exit status 1 when anything is found, so CI of a stage can run it after its tests.
 *
 *   npx tsx scripts/security/scan-card-data.ts --table dev-payments [--region eu-west-1] [--endpoint URL] \
 *     [--log file.log]… [--pan 4111111111111111]… [--cvv 7391]…
 *
 * Without --pan the README's sandbox cards are looked for. CVVs must be given (only values that appear nowhere else
 * make sense, e.g. the ones a test run used); CVV-named attributes and log keys are always reported.
 * Credentials and region come from the environment as for every AWS CLI tool.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { scanItem, scanLog, type CardNeedles, type Finding } from './card-data.js';

const SANDBOX_PANS = ['4111111111111111', '4601541833776519', '1111222233334444'];

const { values } = parseArgs({
  options: {
    table: { type: 'string' },
    region: { type: 'string' },
    endpoint: { type: 'string' },
    log: { type: 'string', multiple: true, default: [] },
    pan: { type: 'string', multiple: true, default: [] },
    cvv: { type: 'string', multiple: true, default: [] },
  },
});
if (!values.table && !values.log.length) {
  console.error('Usage: scan-card-data.ts --table NAME [--region R] [--endpoint URL] [--log FILE]… [--pan PAN]… [--cvv CVV]…');
  process.exit(2);
}
const needles: CardNeedles = { pans: values.pan.length ? values.pan.map((p) => p.replace(/\D/g, '')) : SANDBOX_PANS, cvvs: values.cvv };

const findings: Finding[] = [];
let items = 0;
if (values.table) {
  const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ region: values.region, endpoint: values.endpoint }));
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new ScanCommand({ TableName: values.table, ExclusiveStartKey: startKey, ConsistentRead: true }));
    for (const item of page.Items ?? []) findings.push(...scanItem(item, needles));
    items += page.Items?.length ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  ddb.destroy();
}
let lines = 0;
for (const file of values.log) {
  const text = readFileSync(file, 'utf8');
  lines += text.split('\n').length;
  findings.push(...scanLog(text, needles, file));
}

console.log(
  `Scanned ${items} item(s) of ${values.table ?? 'no table'} and ${lines} log line(s) in ${values.log.length} file(s) for ${needles.pans.length} PAN(s) and ${needles.cvvs.length} CVV(s).`,
);
for (const f of findings.slice(0, 200)) console.log(`FOUND ${f.what} in ${f.where}: ${f.excerpt}`);
if (findings.length > 200) console.log(`… and ${findings.length - 200} more`);
console.log(findings.length ? `${findings.length} finding(s).` : 'No raw card data found.');
process.exitCode = findings.length ? 1 : 0;
