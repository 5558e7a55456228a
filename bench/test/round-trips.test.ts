/**
 * How the bench counts round trips from the meter's calls (bench/src/meter.ts): calls sent side by side within one
 * invocation share a round trip.
 */
import { describe, expect, it } from 'vitest';
import { byRoundTrip, roundTrips, type AwsCall } from '../src/meter.js';

const call = (command: string, trip: number, fn = 'S2sCardPost'): AwsCall => ({
  fn,
  service: 'dynamodb',
  command: `${command}Command`,
  writeUnits: 0,
  readUnits: 0,
  writeUnitsBy: {},
  trip,
});

describe('round trips', () => {
  it('counts calls sent side by side once, whichever ended first', () => {
    // The meter lists calls as they end: the risk read may end before the reservation it went out beside.
    const calls = [call('BatchGetItem', 1), call('PutItem', 1), call('UpdateItem', 1), call('TransactWriteItems', 2)];
    expect(roundTrips(calls)).toBe(2);
    expect(byRoundTrip(calls)).toEqual(['BatchGetItem ‖ PutItem ‖ UpdateItem', 'TransactWriteItems']);
  });

  it('counts calls one after the other each', () => {
    const calls = [call('PutItem', 1), call('BatchGetItem', 2), call('PutItem', 3)];
    expect(roundTrips(calls)).toBe(3);
    expect(byRoundTrip(calls)).toEqual(['PutItem', 'BatchGetItem', 'PutItem']);
  });

  it("keeps two invocations' round trips apart, and counts each call made outside an invocation", () => {
    expect(
      roundTrips([
        call('PutItem', 1, 'A'),
        call('PutItem', 1, 'B'),
        call('GetItem', 0, '(event source)'),
        call('GetItem', 0, '(event source)'),
      ]),
    ).toBe(4);
  });
});
