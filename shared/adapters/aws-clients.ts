/**
 * SDK clients, created once per container (Lambda reuses them across invocations).
 * Locally and in tests AWS_ENDPOINT_URL points every client at the emulators, with dummy credentials.
 * Only the clients functions use: each one here is bundled into every function.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import { KMSClient } from '@aws-sdk/client-kms';
import { getConfig } from '../config.js';
import { sdkClientOptions } from './sdk-client-options.js';

export interface AwsClients {
  ddb: DynamoDBDocumentClient;
  sqs: SQSClient;
  kms: KMSClient;
}

let clients: AwsClients | undefined;

export function awsClients(): AwsClients {
  if (clients) return clients;
  const cfg = getConfig();
  const common = {
    ...sdkClientOptions(),
    region: cfg.AWS_REGION,
    ...(cfg.AWS_ENDPOINT_URL
      ? { endpoint: cfg.AWS_ENDPOINT_URL, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  };
  // DynamoDB may live on its own endpoint locally (DynamoDB Local); the others share moto's.
  const ddbEndpoint = cfg.DYNAMODB_ENDPOINT_URL ?? cfg.AWS_ENDPOINT_URL;
  const ddb = new DynamoDBClient({ ...common, ...(ddbEndpoint ? { endpoint: ddbEndpoint } : {}) });
  clients = {
    ddb: DynamoDBDocumentClient.from(ddb, { marshallOptions: { removeUndefinedValues: true } }),
    // useQueueUrlAsEndpoint: false keeps requests on the configured endpoint whatever host a QueueUrl names.
    sqs: new SQSClient({ ...common, useQueueUrlAsEndpoint: false }),
    kms: new KMSClient(common),
  };
  return clients;
}

/** For the local platform and tests after they change the environment. */
export function resetAwsClients(): void {
  clients?.ddb.destroy();
  clients?.sqs.destroy();
  clients?.kms.destroy();
  clients = undefined;
}
