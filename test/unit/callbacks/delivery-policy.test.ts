import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_TOTAL_VISIBILITY_SECONDS,
  clampVisibility,
  describeFailure,
  isDelivered,
  isLastReceive,
  retryDelaySeconds,
  retrySchedule,
} from '../../../shared/protocol/callbacks/delivery-policy.js';
import { QUEUES } from '../../../shared/lib/resources.js';

const production = { delaysSeconds: [5, 30, 120, 600, 1800, 3600, 7200], maxReceiveCount: QUEUES.callbacks.maxReceiveCount };

describe('retry schedule', () => {
  it('waits 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h between the 8 attempts by default', () => {
    expect(production.maxReceiveCount).toBe(8);
    expect(retrySchedule(production)).toEqual([5, 30, 120, 600, 1800, 3600, 7200]);
  });

  it('repeats the last delay when the list is shorter than the attempts', () => {
    expect(retrySchedule({ delaysSeconds: [1, 2], maxReceiveCount: 5 })).toEqual([1, 2, 2, 2]);
  });

  it('never shrinks from one retry to the next with a growing list', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(10_000), { minLength: 1, maxLength: 10 }), fc.integer({ min: 1, max: 30 }), (raw, receives) => {
        const delays = [...raw].sort((a, b) => a - b);
        const schedule = retrySchedule({ delaysSeconds: delays, maxReceiveCount: receives });
        expect(schedule).toHaveLength(receives - 1);
        for (let i = 1; i < schedule.length; i++) expect(schedule[i]!).toBeGreaterThanOrEqual(schedule[i - 1]!);
      }),
    );
  });

  it('treats receive maxReceiveCount as the last one (SQS dead-letters after it)', () => {
    expect(isLastReceive(production, 7)).toBe(false);
    expect(isLastReceive(production, 8)).toBe(true);
    expect(isLastReceive(production, 9)).toBe(true);
    expect(retryDelaySeconds(production, 1)).toBe(5);
    expect(retryDelaySeconds(production, 0)).toBe(5);
  });

  it('keeps a visibility change inside the 12-hour limit of SQS', () => {
    expect(clampVisibility(7200, 0)).toBe(7200);
    expect(clampVisibility(7200, MAX_TOTAL_VISIBILITY_SECONDS - 100)).toBe(100);
    expect(clampVisibility(10, 50_000)).toBe(0);
    expect(clampVisibility(0.2, 0)).toBe(1);
  });
});

describe('what counts as delivered', () => {
  it('any 2xx, or a body of OK whatever the status', () => {
    expect(isDelivered(200, '')).toBe(true);
    expect(isDelivered(204, '')).toBe(true);
    expect(isDelivered(299, 'ERROR')).toBe(true);
    expect(isDelivered(500, 'OK')).toBe(true);
    expect(isDelivered(500, ' ok\n')).toBe(true);
    expect(isDelivered(500, 'ERROR')).toBe(false);
    expect(isDelivered(302, '')).toBe(false);
    expect(isDelivered(404, 'not OK')).toBe(false);
  });

  it('names timeouts apart from other network failures (only timeouts count towards a pause)', () => {
    expect(describeFailure(new DOMException('t', 'TimeoutError'))).toEqual({ error: 'timeout', timeout: true });
    expect(describeFailure(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }))).toEqual({
      error: 'connection refused',
      timeout: false,
    });
    expect(describeFailure(new TypeError('fetch failed')).timeout).toBe(false);
  });
});
