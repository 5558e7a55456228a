/**
 * The table stream's payment records, read from DynamoDB Local from its first record on, in the shape Lambda's
 * mapping passes them (scripts/local/stream-records.ts): to hand a consumer records again, as a retry or replay does.
 */
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import { streamRecordsReader } from '../../scripts/local/stream-records.js';

export async function paymentRecords(platform: {
  endpoints: { dynamodb: string };
  resources: { tableName: string };
}): Promise<DynamoDBRecord[]> {
  const endpoint = platform.endpoints.dynamodb;
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const ddb = new DynamoDBClient({ region: 'eu-west-1', endpoint, credentials });
  const streams = new DynamoDBStreamsClient({ region: 'eu-west-1', endpoint, credentials });
  const StreamArn = (await ddb.send(new DescribeTableCommand({ TableName: platform.resources.tableName }))).Table!.LatestStreamArn!;
  const reader = streamRecordsReader(endpoint, 'eu-west-1');
  const out: DynamoDBRecord[] = [];
  for (const shard of (await streams.send(new DescribeStreamCommand({ StreamArn }))).StreamDescription!.Shards ?? []) {
    let iterator = (
      await streams.send(new GetShardIteratorCommand({ StreamArn, ShardId: shard.ShardId!, ShardIteratorType: 'TRIM_HORIZON' }))
    ).ShardIterator;
    while (iterator) {
      const res = await reader.get(iterator, 1000);
      out.push(...(res.Records ?? []).filter((r) => r.dynamodb?.NewImage?.kind?.S === 'payment' && r.eventName !== 'REMOVE'));
      if (!res.Records?.length) break;
      iterator = res.NextShardIterator;
    }
  }
  ddb.destroy();
  streams.destroy();
  reader.close();
  return out;
}
