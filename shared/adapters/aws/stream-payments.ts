/**
 * A DynamoDB stream batch as payment changes, decoding only what the ledger reads of each image (a payment image is
 * ~40 attributes; DynamoDB Local's stream also writes an empty map as `{}`, which no decoder reads).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { Payment } from '../../domain/payment.js';
import type { PaymentChangeDecoder } from '../../ports/ledger.js';
import { toPayment } from './payment-item.js';

type Image = Record<string, AttributeValue>;

/** Every attribute movements, postings and fees read (domain/ledger), besides details' transactionType, brand and chargeback. */
export const LEDGER_ATTRIBUTES = [
  'pk',
  'kind',
  'clientKey',
  'action',
  'currency',
  'amount',
  'capturedAmount',
  'refundedAmount',
  'status',
  'midId',
  'createdAt',
  'history',
  'card',
] as const;

function payment(i: Image | undefined): Payment | undefined {
  if (i?.kind?.S !== 'payment') return undefined;
  const picked: Image = {};
  for (const a of LEDGER_ATTRIBUTES) if (i[a] !== undefined) picked[a] = i[a];
  const details: Record<string, unknown> = Object.fromEntries(
    (['transactionType', 'brand'] as const).flatMap((k) => (i.details?.M?.[k]?.S ? [[k, i.details.M[k].S]] : [])),
  );
  // The chargeback: its reversal moves money back (movements.ts).
  const chargeback = i.details?.M?.chargeback?.M;
  if (chargeback) details.chargeback = unmarshall(chargeback);
  return toPayment({ ...unmarshall(picked), details });
}

export const paymentChanges: PaymentChangeDecoder = (records) =>
  (records as readonly DynamoDBRecord[]).flatMap((r) => {
    const now = payment(r.dynamodb?.NewImage as Image | undefined);
    if (r.eventName === 'REMOVE' || !now) return [];
    return [{ old: payment(r.dynamodb?.OldImage as Image | undefined), new: now }];
  });
