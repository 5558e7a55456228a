/**
 * SDK clients, created once per container (Lambda reuses them across invocations).
 * Locally and in tests AWS_ENDPOINT_URL points every client at the emulators, with dummy credentials.
 * One accessor per client, so a function's bundle holds only the clients its adapters call (esbuild drops the rest).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import { getConfig } from '../config.js';
import { sdkClientOptions } from './sdk-client-options.js';
import { CachedDocumentClient } from './cached-document-client.js';
import { jsonTransport } from './dynamo-json-transport.js';
import { KmsHttp } from './kms-http.js';
import { environmentCredentials } from './lambda-credentials.js';

export interface AwsClients {
  ddb: DynamoDBDocumentClient;
  sqs: SQSClient;
  kms: KmsHttp;
}

const built: Partial<AwsClients> = {};

const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

function common() {
  const cfg = getConfig();
  return {
    ...sdkClientOptions(),
    region: cfg.AWS_REGION,
    ...(cfg.AWS_ENDPOINT_URL ? { endpoint: cfg.AWS_ENDPOINT_URL, credentials: LOCAL_CREDENTIALS } : {}),
  };
}

export function ddbClient(): DynamoDBDocumentClient {
  if (built.ddb) return built.ddb;
  // DynamoDB may live on its own endpoint locally (DynamoDB Local); the others share moto's.
  const endpoint = getConfig().DYNAMODB_ENDPOINT_URL ?? getConfig().AWS_ENDPOINT_URL;
  const ddb = new DynamoDBClient({ ...common(), ...(endpoint ? { endpoint } : {}) });
  // Each command class's middleware chain resolved once (cached-document-client.ts): ~0.1 ms less per call; its
  // data-plane calls one signed POST of their JSON (dynamo-json-transport.ts), unless DYNAMODB_TRANSPORT=sdk.
  const transport = getConfig().DYNAMODB_TRANSPORT === 'sdk' ? undefined : jsonTransport(ddb);
  return (built.ddb = new CachedDocumentClient(ddb, { marshallOptions: { removeUndefinedValues: true } }, transport));
}

export function sqsClient(): SQSClient {
  // useQueueUrlAsEndpoint: false keeps requests on the configured endpoint whatever host a QueueUrl names.
  return (built.sqs ??= new SQSClient({ ...common(), useQueueUrlAsEndpoint: false }));
}

/** KMS's three calls as signed requests (kms-http.ts), not the SDK's client. */
export function kmsClient(): KmsHttp {
  const cfg = getConfig();
  // Lambda's role credentials are fixed for the container's life: read once, so the signer keeps its key.
  let role: ReturnType<typeof environmentCredentials> | undefined;
  return (built.kms ??= new KmsHttp({
    region: cfg.AWS_REGION,
    ...(cfg.AWS_ENDPOINT_URL ? { endpoint: cfg.AWS_ENDPOINT_URL, credentials: () => LOCAL_CREDENTIALS } : { credentials: () => (role ??= environmentCredentials()) }),
  }));
}

/** All three (scripts and tests: the bench's meter watches each of them). */
export function awsClients(): AwsClients {
  return { ddb: ddbClient(), sqs: sqsClient(), kms: kmsClient() };
}

/** For the local platform and tests after they change the environment. */
export function resetAwsClients(): void {
  built.ddb?.destroy();
  built.sqs?.destroy();
  built.kms?.destroy();
  delete built.ddb;
  delete built.sqs;
  delete built.kms;
}
