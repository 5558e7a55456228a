/**
 * The callback feed's work per request is bounded: an edited cursor cannot widen the overlap it re-reads, the overlap
 * is read once per request however long it waits, and a merchant whose waiting slots are all held gets no wait.
 */
import { describe, expect, it } from 'vitest';
import { nextCallbacks, OVERLAP_MS } from '../../../shared/operations/merchant-api/next-callbacks.js';
import type { MerchantCallbacksContext } from '../../../shared/operations/merchant-api/context.js';
import type { LongPollSlots } from '../../../shared/ports/long-poll-slots.js';

const T0 = Date.parse('2026-12-07T10:00:00.000Z');
const cursorOf = (c: { k: string; f: string }) => Buffer.from(JSON.stringify(c)).toString('base64url');

function world(free: number) {
  let now = T0;
  const reads: Array<{ afterKey: string; upToKey?: string }> = [];
  const claims: Array<{ slot: number; until: string }> = [];
  const releases: Array<{ slot: number; until: string }> = [];
  let held = 0;
  const waiting: LongPollSlots = {
    async claim(_clientKey, until) {
      if (held >= free) return undefined;
      claims.push({ slot: held, until });
      return held++;
    },
    async release(_clientKey, slot, until) {
      releases.push({ slot, until });
      held--;
    },
  };
  const ctx = {
    feed: {
      newest: async () => [],
      // Each read of what is new takes the (fake) time forward, so a wait ends after a few reads.
      after: async (_clientKey: string, afterKey: string, _limit: number, upToKey?: string) => {
        reads.push({ afterKey, upToKey });
        if (upToKey === undefined) now += 400;
        return [];
      },
    },
    realNow: () => new Date(now),
    pollMs: 0,
    waiting,
  } satisfies MerchantCallbacksContext;
  return { ctx, reads, claims, releases };
}

const position = `${new Date(T0).toISOString()}#trans-1#000001`;

describe('the callback feed', () => {
  it('raises an edited floor to OVERLAP_MS before the position', async () => {
    const w = world(1);
    const answer = await nextCallbacks(w.ctx, 'ck', { after: cursorOf({ k: position, f: '' }) });
    const overlap = w.reads.filter((r) => r.upToKey !== undefined);
    expect(overlap).toEqual([{ afterKey: new Date(T0 - OVERLAP_MS).toISOString(), upToKey: position }]);
    expect(JSON.parse(Buffer.from(answer.cursor, 'base64url').toString())).toEqual({
      k: position,
      f: new Date(T0 - OVERLAP_MS).toISOString(),
    });
  });

  it('reads the overlap once per request however many times the wait polls', async () => {
    const w = world(1);
    await nextCallbacks(w.ctx, 'ck', { after: cursorOf({ k: position, f: new Date(T0 - 1000).toISOString() }), wait: '2' });
    expect(w.reads.filter((r) => r.upToKey === undefined).length).toBeGreaterThan(2);
    expect(w.reads.filter((r) => r.upToKey !== undefined)).toHaveLength(1);
    expect(w.claims).toHaveLength(1);
    expect(w.releases).toEqual(w.claims);
  });

  it('answers at once, without a slot, when the merchant holds all its waiting slots', async () => {
    const w = world(0);
    await nextCallbacks(w.ctx, 'ck', { after: cursorOf({ k: position, f: position }), wait: '20' });
    expect(w.reads.filter((r) => r.upToKey === undefined)).toHaveLength(1);
    expect(w.releases).toEqual([]);
  });
});
