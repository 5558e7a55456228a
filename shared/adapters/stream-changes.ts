/** A DynamoDB stream batch as table changes: the images unmarshalled into plain objects. */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { StreamDecoder } from '../ports/console-counters.js';

const image = (i: unknown) => (i ? unmarshall(i as Record<string, AttributeValue>) : undefined);

export const tableChanges: StreamDecoder = (records) =>
  (records as readonly DynamoDBRecord[]).flatMap((r) => {
    const seq = r.dynamodb?.SequenceNumber;
    if (!seq || !r.eventName) return [];
    return [{ eventName: r.eventName, seq, old: image(r.dynamodb?.OldImage), new: image(r.dynamodb?.NewImage) }];
  });
