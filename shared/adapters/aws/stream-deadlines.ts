/**
 * A DynamoDB stream batch as the APM deadlines it created: a payment item that carries the deadline's index entry
 * (gsi2 APM_DEADLINE / "<deadline>#<trans_id>", table-keys apmDeadlineEntry, written in the same conditional write as
 * the deadline) which its old image did not carry. Later writes of a payment still waiting keep the same entry and
 * arm nothing again.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { NewDeadline, NewDeadlineDecoder } from '../../ports/deadline-timers.js';
import { APM_DEADLINE } from './table-keys.js';

type Image = Record<string, AttributeValue> | undefined;

const deadlineEntry = (i: Image): string | undefined =>
  i?.kind?.S === 'payment' && i.gsi2pk?.S === APM_DEADLINE ? i.gsi2sk?.S : undefined;

export const newDeadlines: NewDeadlineDecoder = (records) =>
  (records as readonly DynamoDBRecord[]).flatMap((r): NewDeadline[] => {
    if (r.eventName !== 'INSERT' && r.eventName !== 'MODIFY') return [];
    const now = r.dynamodb?.NewImage as Image;
    const entry = deadlineEntry(now);
    const clientKey = now?.clientKey?.S;
    if (!entry || !clientKey || entry === deadlineEntry(r.dynamodb?.OldImage as Image)) return [];
    const cut = entry.lastIndexOf('#');
    return cut > 0 ? [{ deadline: entry.slice(0, cut), transId: entry.slice(cut + 1), clientKey }] : [];
  });
