/**
 * Arming APM deadlines from the table's stream (shared/operations/providers/arm-deadlines.ts, adapters/aws/stream-deadlines.ts):
 * only the write that created a deadline arms it; the wake-up is in real time when the merchant's test clock is
 * elsewhere; a deadline already passed wakes at once; a refusal is logged and never fails the batch.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { newDeadlines } from '../../../shared/adapters/aws/stream-deadlines.js';
import { armDeadlines } from '../../../shared/operations/providers/arm-deadlines.js';
import type { Clock } from '../../../shared/ports/clock.js';
import type { DeadlineTimers } from '../../../shared/ports/deadline-timers.js';
import { logger } from '../../../shared/lib/logger.js';

const T = '7f3e8c1a-1111-4a2b-9c3d-0123456789ab';
const DEADLINE = '2030-05-05T12:01:00.000Z';
type Image = Record<string, AttributeValue>;
const waiting: Image = {
  pk: { S: `PAYMENT#${T}` },
  kind: { S: 'payment' },
  clientKey: { S: 'k' },
  gsi2pk: { S: 'APM_DEADLINE' },
  gsi2sk: { S: `${DEADLINE}#${T}` },
};
const reserved: Image = { pk: waiting.pk!, kind: waiting.kind!, clientKey: waiting.clientKey! };
const record = (eventName: DynamoDBRecord['eventName'], NewImage?: Image, OldImage?: Image): DynamoDBRecord => ({
  eventName,
  dynamodb: { ...(NewImage ? { NewImage } : {}), ...(OldImage ? { OldImage } : {}) } as DynamoDBRecord['dynamodb'],
});

describe('the deadlines a stream batch created', () => {
  it('is the write that added the deadline entry, written whole or after its reservation', () => {
    const armed = { transId: T, clientKey: 'k', deadline: DEADLINE };
    expect(newDeadlines([record('INSERT', waiting)])).toEqual([armed]);
    expect(newDeadlines([record('MODIFY', waiting, reserved)])).toEqual([armed]);
  });

  it('is nothing for a later write that keeps it, one that ends it, the reservation, a callback or a removal', () => {
    const expired: Image = { ...reserved, status: { S: 'DECLINED' } };
    const callback: Image = { ...waiting, kind: { S: 'callback' } };
    expect(
      newDeadlines([
        record('MODIFY', waiting, waiting),
        record('MODIFY', expired, waiting),
        record('INSERT', reserved),
        record('INSERT', callback),
        record('REMOVE', undefined, waiting),
      ]),
    ).toEqual([]);
  });
});

describe('arming', () => {
  const timers = (fail = false) => {
    const asked: Array<[string, Date]> = [];
    const t: DeadlineTimers = {
      async schedule(transId, realAt) {
        if (fail) throw new Error('AccessDenied');
        asked.push([transId, realAt]);
      },
    };
    return { t, asked };
  };
  const clockAt = (iso: string): Clock => ({ now: () => new Date(iso) });

  it("wakes in real time for a deadline on the merchant's own (test) clock", async () => {
    const { t, asked } = timers();
    // The merchant's clock reads 30 s before the deadline, whatever the real time is.
    const merchant = clockAt('2030-05-05T12:00:30.000Z');
    const clock: Clock = { now: () => new Date(), forMerchant: async () => merchant };
    const before = Date.now();
    expect(await armDeadlines(t, clock, [{ transId: T, clientKey: 'k', deadline: DEADLINE }])).toBe(1);
    const at = asked[0]![1].getTime();
    expect(at).toBeGreaterThanOrEqual(before + 30_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 30_000);
  });

  it('wakes at once for a deadline that passed while its record waited for the batch', async () => {
    const { t, asked } = timers();
    const before = Date.now();
    await armDeadlines(t, clockAt('2030-05-05T12:05:00.000Z'), [{ transId: T, clientKey: 'k', deadline: DEADLINE }]);
    expect(asked[0]![1].getTime()).toBeGreaterThanOrEqual(before);
    expect(asked[0]![1].getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('logs a refusal and fails nothing: the sweeper is the backstop', async () => {
    const { t } = timers(true);
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    try {
      expect(await armDeadlines(t, clockAt(DEADLINE), [{ transId: T, clientKey: 'k', deadline: DEADLINE }])).toBe(0);
      expect(error).toHaveBeenCalledWith('apm deadline not scheduled; the sweeper expires it', { transId: T, error: 'AccessDenied' });
    } finally {
      error.mockRestore();
    }
  });
});
