/** A DynamoDB stream batch as table changes: the images unmarshalled into plain objects. */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { StreamDecoder } from '../../ports/console-counters.js';

type Image = Record<string, AttributeValue>;

function only(i: Image, attributes: readonly string[]): Image {
  const out: Image = {};
  for (const a of attributes) if (i[a] !== undefined) out[a] = i[a];
  return out;
}

export const tableChanges: StreamDecoder = (records, attributes) => {
  const image = (i: unknown) => (i ? unmarshall(attributes ? only(i as Image, attributes) : (i as Image)) : undefined);
  return (records as readonly DynamoDBRecord[]).flatMap((r) => {
    const seq = r.dynamodb?.SequenceNumber;
    if (!seq || !r.eventName) return [];
    return [{ eventName: r.eventName, seq, old: image(r.dynamodb?.OldImage), new: image(r.dynamodb?.NewImage) }];
  });
};
