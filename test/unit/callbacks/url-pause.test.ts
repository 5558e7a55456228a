import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HEALTHY, afterSuccess, afterTimeout, pausedForMs, type UrlHealth } from '../../../shared/protocol/callbacks/url-pause.js';

const policy = { timeouts: 5, windowSeconds: 300, pauseSeconds: 900 };
const t0 = Date.parse('2026-01-01T00:00:00Z');
const at = (seconds: number) => new Date(t0 + seconds * 1000);

function timeouts(times: number[], start: UrlHealth = HEALTHY): UrlHealth {
  return times.reduce((h, s) => afterTimeout(h, at(s), policy), start);
}

describe('URL pause (five timeouts in five minutes → fifteen minutes)', () => {
  it('pauses on the fifth timeout within five minutes, for fifteen minutes', () => {
    const four = timeouts([0, 60, 120, 180]);
    expect(pausedForMs(four, at(181))).toBe(0);
    const five = afterTimeout(four, at(240), policy);
    expect(pausedForMs(five, at(240))).toBe(900_000);
    expect(pausedForMs(five, at(240 + 899))).toBe(1000);
    expect(pausedForMs(five, at(240 + 900))).toBe(0);
    expect(five.timeoutsAt).toEqual([]);
  });

  it('does not pause when the timeouts are spread over more than five minutes', () => {
    const h = timeouts([0, 100, 200, 300, 301]);
    expect(pausedForMs(h, at(302))).toBe(0);
    expect(h.timeoutsAt).toHaveLength(4);
  });

  it('resets the count on a successful delivery', () => {
    const four = timeouts([0, 1, 2, 3]);
    const reset = afterSuccess(four, at(4))!;
    expect(reset.timeoutsAt).toEqual([]);
    expect(pausedForMs(timeouts([5, 6, 7, 8], reset), at(9))).toBe(0);
    expect(afterSuccess(HEALTHY, at(0))).toBeUndefined();
  });

  it('pauses exactly when some five-minute window holds five timeouts', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2000 }), { maxLength: 12 }), (raw) => {
        const times = [...raw].sort((a, b) => a - b);
        let h: UrlHealth = HEALTHY;
        let everPaused = false;
        let windowStart = 0;
        let expectPause = false;
        const counted: number[] = [];
        for (const s of times) {
          h = afterTimeout(h, at(s), policy);
          // Reference model: timeouts since the last pause, inside the window.
          counted.push(s);
          while (counted.length && counted[0]! <= s - policy.windowSeconds) counted.shift();
          if (counted.length >= policy.timeouts) {
            expectPause = true;
            counted.length = 0;
            windowStart = s;
          }
          if (h.pausedUntil) everPaused = true;
        }
        expect(everPaused).toBe(expectPause);
        if (expectPause) expect(h.pausedUntil! >= at(windowStart + policy.pauseSeconds).toISOString()).toBe(true);
      }),
    );
  });
});
