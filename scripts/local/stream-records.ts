/**
 * GetRecords as Lambda's service reads the table's stream for its mappings: the answer's JSON as it comes, records
 * in the very shape a stream event carries them (images as attribute-value maps, times in epoch seconds), rather
 * than decoded through the SDK's schema and re-shaped. That decoding is the local stand-in's work, not a function's,
 * and cost the platform's process more than the consumers it feeds. DynamoDB Local does not check signatures.
 */
import { Agent, request } from 'node:http';
import type { DynamoDBRecord } from 'aws-lambda';

export interface RecordsPage {
  Records?: DynamoDBRecord[];
  NextShardIterator?: string;
}

export function streamRecordsReader(endpoint: string, region: string): { get(iterator: string, limit: number): Promise<RecordsPage>; close(): void } {
  const agent = new Agent({ keepAlive: true, maxSockets: 2 });
  const url = new URL(endpoint);
  const authorization = `AWS4-HMAC-SHA256 Credential=local/20200101/${region}/dynamodb/aws4_request, SignedHeaders=host, Signature=local`;
  return {
    get: (iterator, limit) =>
      new Promise((resolve, reject) => {
        const body = JSON.stringify({ ShardIterator: iterator, Limit: limit });
        const req = request(
          {
            host: url.hostname, port: url.port, method: 'POST', path: '/', agent,
            headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDBStreams_20120810.GetRecords', authorization, 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('error', reject);
            res.on('end', () => {
              try {
                const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordsPage & { __type?: string; message?: string; Message?: string };
                if (res.statusCode === 200) return resolve(answer);
                // The SDK's error names (the poller tells an expired or trimmed iterator from the rest by name).
                const name = answer.__type?.split('#').pop() ?? `HTTP ${res.statusCode}`;
                reject(Object.assign(new Error(answer.message ?? answer.Message ?? name), { name }));
              } catch (err) {
                reject(err as Error);
              }
            });
          },
        );
        req.on('error', reject);
        req.end(body);
      }),
    close: () => agent.destroy(),
  };
}
