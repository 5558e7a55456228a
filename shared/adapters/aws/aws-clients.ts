/**
 * SDK clients, created once per container (Lambda reuses them across invocations), configured only through the
 * SDK's public options (sdk-client-options.ts). Locally and in tests AWS_ENDPOINT_URL points every client at the
 * emulators, with dummy credentials; on AWS the SDK's default credential chain reads the function role's credentials
 * from the environment Lambda sets. One accessor per client, so a function's bundle holds only the clients its
 * adapters call (esbuild drops the rest).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { KMSClient } from '@aws-sdk/client-kms';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getConfig } from '../../lib/config.js';
import { sdkClientOptions } from './sdk-client-options.js';
import { countKmsErrors } from './kms-error-count.js';

export interface AwsClients {
  ddb: DynamoDBDocumentClient;
  sqs: SQSClient;
  kms: KMSClient;
}

const built: Partial<AwsClients> = {};
/** The document client's own client: the document client's destroy() does not close it. */
let ddbBase: DynamoDBClient | undefined;

export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

/** Region, endpoint and credentials for a client of `endpoint` (the emulators' address; undefined on AWS). */
export function clientSettings(endpoint = getConfig().AWS_ENDPOINT_URL) {
  return {
    ...sdkClientOptions(),
    region: getConfig().AWS_REGION,
    ...(endpoint ? { endpoint, credentials: LOCAL_CREDENTIALS } : {}),
  };
}

export function ddbClient(): DynamoDBDocumentClient {
  if (built.ddb) return built.ddb;
  // DynamoDB may live on its own endpoint locally (DynamoDB Local); the others share moto's.
  const cfg = getConfig();
  ddbBase = new DynamoDBClient(clientSettings(cfg.DYNAMODB_ENDPOINT_URL ?? cfg.AWS_ENDPOINT_URL));
  return (built.ddb = DynamoDBDocumentClient.from(ddbBase, { marshallOptions: { removeUndefinedValues: true } }));
}

export function sqsClient(): SQSClient {
  // useQueueUrlAsEndpoint: false keeps requests on the configured endpoint whatever host a QueueUrl names.
  return (built.sqs ??= new SQSClient({ ...clientSettings(), useQueueUrlAsEndpoint: false }));
}

/**
 * Lambda's Invoke (the callbacks' direct handoff). Locally LAMBDA_ENDPOINT_URL names the platform's stand-in for it
 * (scripts/local/lambda-invoke.ts): moto's Lambda needs Docker.
 */
let lambda: LambdaClient | undefined;
export function lambdaClient(): LambdaClient {
  const endpoint = getConfig().LAMBDA_ENDPOINT_URL;
  return (lambda ??= new LambdaClient({
    ...clientSettings(endpoint ?? getConfig().AWS_ENDPOINT_URL),
    // The handoff falls back to the queue at once rather than retrying a refused invoke.
    maxAttempts: 1,
  }));
}

export function kmsClient(): KMSClient {
  return (built.kms ??= countKmsErrors(new KMSClient(clientSettings())));
}

/** All three (scripts and tests: the bench's meter watches each of them). */
export function awsClients(): AwsClients {
  return { ddb: ddbClient(), sqs: sqsClient(), kms: kmsClient() };
}

/** For the local platform and tests after they change the environment. */
export function resetAwsClients(): void {
  ddbBase?.destroy();
  ddbBase = undefined;
  built.sqs?.destroy();
  built.kms?.destroy();
  lambda?.destroy();
  lambda = undefined;
  delete built.ddb;
  delete built.sqs;
  delete built.kms;
}
