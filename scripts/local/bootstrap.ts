/**
 * Creates the local resources from shared/lib/resources.ts, the same definitions the CDK stacks deploy:
 * the table with its GSIs, TTL and stream, each queue with its dead-letter queue, the table key, one KMS key per purpose
 * (PURPOSE_KEYS) and the ops bus.
 * Idempotent: an existing table (DynamoDB Local keeps it under -dbPath) is reused, gaining any GSI added since.
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type Projection,
} from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { CreateAliasCommand, CreateKeyCommand, DescribeKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { CreateEventBusCommand, EventBridgeClient } from '@aws-sdk/client-eventbridge';
import {
  EVENT_BUS,
  KEY_PURPOSES,
  KMS_KEY,
  PURPOSE_KEYS,
  QUEUES,
  TABLE,
  deadLetterName,
  physicalName,
  type KeyPurpose,
  type QueueKey,
} from '../../shared/lib/resources.js';

export interface LocalEndpoints {
  dynamodb: string;
  moto: string;
  region: string;
}

export interface LocalResources {
  tableName: string;
  queueUrls: Record<QueueKey, string>;
  deadLetterQueueUrls: Record<QueueKey, string>;
  kmsKeyId: string;
  /** The KMS key of each purpose (card-data, merchant-secrets, wallet-keys). */
  purposeKeyIds: Record<KeyPurpose, string>;
  eventBusName: string;
}

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

export async function createLocalResources(prefix: string, ep: LocalEndpoints): Promise<LocalResources> {
  const [tableName, queues, kmsKeyId, purposeKeyIds, eventBusName] = await Promise.all([
    ensureTable(prefix, ep),
    ensureQueues(prefix, ep),
    ensureKey(prefix, ep, KMS_KEY.alias, 'payments key'),
    ensurePurposeKeys(prefix, ep),
    createBus(prefix, ep),
  ]);
  return { tableName, ...queues, kmsKeyId, purposeKeyIds, eventBusName };
}

async function ensureTable(prefix: string, ep: LocalEndpoints): Promise<string> {
  const ddb = new DynamoDBClient({ region: ep.region, endpoint: ep.dynamodb, credentials });
  const TableName = physicalName(prefix, TABLE.logicalName);
  try {
    const existing = await ddb.send(new DescribeTableCommand({ TableName }));
    await addMissingIndexes(ddb, TableName, new Set((existing.Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName)));
    const stream = existing.Table?.StreamSpecification;
    if (stream?.StreamEnabled && stream.StreamViewType !== TABLE.stream) {
      // A stream's view type cannot change: a new stream (with old images since the dashboard counters) replaces it.
      await ddb.send(new UpdateTableCommand({ TableName, StreamSpecification: { StreamEnabled: false } }));
    }
    if (!stream?.StreamEnabled || stream.StreamViewType !== TABLE.stream) {
      await ddb.send(new UpdateTableCommand({ TableName, StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE.stream } }));
    }
    ddb.destroy();
    return TableName;
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
  }
  const keyAttrs = [TABLE.partitionKey, TABLE.sortKey, ...TABLE.gsis.flatMap((g) => [g.partitionKey, g.sortKey])];
  await ddb.send(
    new CreateTableCommand({
      TableName,
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE.stream },
      AttributeDefinitions: keyAttrs.map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE.gsis.map((g) => ({
        IndexName: g.indexName,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        Projection: projection(g),
      })),
    }),
  );
  await ddb.send(new UpdateTimeToLiveCommand({ TableName, TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true } }));
  // A new table holds no idempotency claim items of the earlier design: no request needs to look for one
  // (shared/adapters/aws/dynamo-payment-ids.ts; the secret itself is made by the first payment).
  await ddb.send(
    new PutItemCommand({
      TableName,
      Item: { pk: { S: 'PLATFORM' }, sk: { S: 'PAYMENT_IDS' }, legacyClaimsUntil: { N: '0' } },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  ddb.destroy();
  return TableName;
}

/** An index's projection as DynamoDB's API spells it. */
function projection(g: (typeof TABLE.gsis)[number]): Projection {
  return g.projection.type === 'INCLUDE'
    ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...g.projection.attributes] }
    : { ProjectionType: g.projection.type };
}

/** A .local table from an older version gets the indexes added since (one per UpdateTable, as DynamoDB requires). */
async function addMissingIndexes(ddb: DynamoDBClient, TableName: string, present: Set<string | undefined>): Promise<void> {
  for (const g of TABLE.gsis.filter((g) => !present.has(g.indexName))) {
    await ddb.send(
      new UpdateTableCommand({
        TableName,
        AttributeDefinitions: [g.partitionKey, g.sortKey].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: g.indexName,
              KeySchema: [
                { AttributeName: g.partitionKey, KeyType: 'HASH' },
                { AttributeName: g.sortKey, KeyType: 'RANGE' },
              ],
              Projection: projection(g),
            },
          },
        ],
      }),
    );
  }
}

async function ensureQueues(prefix: string, ep: LocalEndpoints) {
  const sqs = new SQSClient({ region: ep.region, endpoint: ep.moto, credentials, useQueueUrlAsEndpoint: false });
  const queueUrls = {} as Record<QueueKey, string>;
  const deadLetterQueueUrls = {} as Record<QueueKey, string>;
  for (const [key, def] of Object.entries(QUEUES) as [QueueKey, (typeof QUEUES)[QueueKey]][]) {
    const retention = String(def.retentionDays * 86400);
    const dlq = await sqs.send(
      new CreateQueueCommand({ QueueName: deadLetterName(prefix, def.logicalName), Attributes: { MessageRetentionPeriod: '1209600' } }),
    );
    const dlqArn = (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }))).Attributes
      ?.QueueArn;
    const queue = await sqs.send(
      new CreateQueueCommand({
        QueueName: physicalName(prefix, def.logicalName),
        Attributes: {
          VisibilityTimeout: String(def.visibilityTimeoutSeconds),
          MessageRetentionPeriod: retention,
          RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: def.maxReceiveCount }),
        },
      }),
    );
    queueUrls[key] = queue.QueueUrl!;
    deadLetterQueueUrls[key] = dlq.QueueUrl!;
  }
  sqs.destroy();
  return { queueUrls, deadLetterQueueUrls };
}

async function ensurePurposeKeys(prefix: string, ep: LocalEndpoints): Promise<Record<KeyPurpose, string>> {
  const ids = {} as Record<KeyPurpose, string>;
  for (const purpose of KEY_PURPOSES) {
    const def = PURPOSE_KEYS[purpose];
    ids[purpose] = await ensureKey(prefix, ep, def.alias, `${purpose} key: ${def.description}`);
  }
  return ids;
}

/** The key behind the alias; created on the first start against this moto (moto forgets keys when it restarts). */
async function ensureKey(prefix: string, ep: LocalEndpoints, alias: string, description: string): Promise<string> {
  const kms = new KMSClient({ region: ep.region, endpoint: ep.moto, credentials });
  const AliasName = `alias/${prefix}-${alias}`;
  try {
    const existing = await kms.send(new DescribeKeyCommand({ KeyId: AliasName })).catch((err: Error) => {
      if (err.name === 'NotFoundException') return undefined;
      throw err;
    });
    if (existing?.KeyMetadata?.KeyId) return existing.KeyMetadata.KeyId;
    const key = await kms.send(new CreateKeyCommand({ Description: `${prefix} ${description}`, KeyUsage: 'ENCRYPT_DECRYPT' }));
    const keyId = key.KeyMetadata!.KeyId!;
    await kms.send(new CreateAliasCommand({ AliasName, TargetKeyId: keyId }));
    return keyId;
  } finally {
    kms.destroy();
  }
}

async function createBus(prefix: string, ep: LocalEndpoints): Promise<string> {
  const events = new EventBridgeClient({ region: ep.region, endpoint: ep.moto, credentials });
  const Name = physicalName(prefix, EVENT_BUS.logicalName);
  await events.send(new CreateEventBusCommand({ Name })).catch((err: Error) => {
    if (err.name !== 'ResourceAlreadyExistsException') throw err;
  });
  events.destroy();
  return Name;
}
