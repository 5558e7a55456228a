/**
 * GetRecords as Lambda's service reads the table's stream for its mappings: the answer's JSON as it comes, records
 * in the very shape a stream event carries them (images as attribute-value maps, times in epoch seconds), rather
 * than decoded through the SDK's schema and re-shaped. That decoding is the local stand-in's work, not a function's,
 * and cost the platform's process more than the consumers it feeds. DynamoDB Local does not check signatures.
 */
import { Agent } from 'node:http';
import { awsJsonCall } from './aws-json-call.js';
import type { DynamoDBRecord } from 'aws-lambda';

export interface RecordsPage {
  Records?: DynamoDBRecord[];
  NextShardIterator?: string;
}

export function streamRecordsReader(
  endpoint: string,
  region: string,
): { get(iterator: string, limit: number): Promise<RecordsPage>; close(): void } {
  const agent = new Agent({ keepAlive: true, maxSockets: 2 });
  const url = new URL(endpoint);
  return {
    get: (iterator, limit) =>
      awsJsonCall<RecordsPage>({
        host: url.hostname,
        port: url.port,
        region,
        service: 'dynamodb',
        agent,
        // The SDK's error names: the poller tells an expired or trimmed iterator from the rest by name.
        target: 'DynamoDBStreams_20120810.GetRecords',
        input: { ShardIterator: iterator, Limit: limit },
      }),
    close: () => agent.destroy(),
  };
}
