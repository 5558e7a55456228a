/** What a table change adds to the dashboard's counters: payment outcome moves in the creation hour, new delivery attempts in their own hour. */
import { describe, expect, it } from 'vitest';
import { marshall } from '@aws-sdk/util-dynamodb';
import { COUNTED_ATTRIBUTES, deltasOf } from '../../../shared/operations/console/counter-deltas.js';
import { tableChanges } from '../../../shared/adapters/aws/stream-changes.js';

const payment = (
  status: string,
  history: { type: string; status: string; date: string }[] = [{ type: 'SALE', status: 'success', date: '2027-01-01T10:00:00Z' }],
) => ({
  kind: 'payment',
  clientKey: 'ck',
  createdAt: '2027-01-01T10:59:59.999Z',
  status,
  history,
});
const waiting = [{ type: 'SALE', status: 'waiting', date: '2027-01-01T10:59:59Z' }];

describe('dashboard counter deltas', () => {
  it('counts a new payment in its outcome, and moves it when its outcome changes, in the hour it was created', () => {
    expect(deltasOf({ eventName: 'INSERT', seq: '1', new: payment('PREPARE', waiting) })).toEqual([
      { clientKey: 'ck', hour: '2027-01-01T10', counts: { undetermined: 1 } },
    ]);
    expect(deltasOf({ eventName: 'MODIFY', seq: '2', old: payment('PREPARE', waiting), new: payment('SETTLED') })).toEqual([
      { clientKey: 'ck', hour: '2027-01-01T10', counts: { approved: 1, undetermined: -1 } },
    ]);
    expect(deltasOf({ eventName: 'MODIFY', seq: '3', old: payment('SETTLED'), new: payment('REFUND') })).toEqual([]);
    expect(
      deltasOf({
        eventName: 'MODIFY',
        seq: '4',
        old: payment('3DS', [{ type: '3DS', status: 'waiting', date: 'x' }]),
        new: payment('DECLINED'),
      }),
    ).toEqual([{ clientKey: 'ck', hour: '2027-01-01T10', counts: { declined: 1, other: -1 } }]);
    expect(deltasOf({ eventName: 'REMOVE', seq: '5', old: payment('SETTLED') })).toEqual([]);
  });

  it('counts the delivery attempts a callback write appended, each in its own hour', () => {
    const cb = (deliveries: { attempt: number; at: string; outcome: string }[]) => ({ kind: 'callback', clientKey: 'ck', deliveries });
    const one = { attempt: 1, at: '2027-01-01T10:00:01Z', outcome: 'FAILED' };
    const two = { attempt: 2, at: '2027-01-01T11:00:01Z', outcome: 'DELIVERED' };
    expect(deltasOf({ eventName: 'MODIFY', seq: '1', old: cb([]), new: cb([one]) })).toEqual([
      { clientKey: 'ck', hour: '2027-01-01T10', counts: { failed: 1 } },
    ]);
    expect(deltasOf({ eventName: 'MODIFY', seq: '2', old: cb([one]), new: cb([one, two]) })).toEqual([
      { clientKey: 'ck', hour: '2027-01-01T11', counts: { delivered: 1 } },
    ]);
    // A lease or replay write that adds no attempt counts nothing.
    expect(deltasOf({ eventName: 'MODIFY', seq: '3', old: cb([one, two]), new: cb([one, two]) })).toEqual([]);
  });

  it('reads only COUNTED_ATTRIBUTES: the stream consumer decodes those alone and counts the same', () => {
    const extra = { pk: 'PAYMENT#t', sk: 'PAYMENT', cardMasked: '411111******1111', amount: 1000, fields: { a: 'b' }, gsi1pk: 'x' };
    const record = (seq: string, old: object | undefined, now: object) => ({
      eventName: old ? 'MODIFY' : 'INSERT',
      dynamodb: {
        SequenceNumber: seq,
        ...(old ? { OldImage: marshall({ ...extra, ...old }) } : {}),
        NewImage: marshall({ ...extra, ...now }),
      },
    });
    const one = { attempt: 1, at: '2027-01-01T10:00:01Z', outcome: 'DELIVERED' };
    const records = [
      record('1', undefined, payment('PREPARE', waiting)),
      record('2', payment('PREPARE', waiting), payment('SETTLED')),
      record('3', { kind: 'callback', clientKey: 'ck', deliveries: [] }, { kind: 'callback', clientKey: 'ck', deliveries: [one] }),
    ];
    const partial = tableChanges(records, COUNTED_ATTRIBUTES);
    expect(partial.map(deltasOf)).toEqual(tableChanges(records).map(deltasOf));
    expect(partial.map(deltasOf).flat()).toHaveLength(3);
    expect(Object.keys(partial[1]!.new!).sort()).toEqual(['clientKey', 'createdAt', 'history', 'kind', 'status']);
  });
});
