/**
 * Moving a merchant's sandbox test clock (`npm run admin -- clock … --merchant KEY`, the merchant API's
 * /api/v1/merchant/clock; docs/test-clock.md). Each merchant has its own, as Stripe attaches test clocks to test
 * objects: moving one merchant's time moves nobody else's. Only sandbox stages (TEST_CLOCK, from the stage's kind)
 * have them: elsewhere every command is refused, and deps() never reads an offset anyway. A clock only moves forward
 * (reset excepted): runs already charged and leases already taken stay consistent, as with Stripe's test clocks.
 */
import type { Config } from '../../lib/config.js';
import type { TestClockSetting, TestClockStore } from '../../ports/clock.js';

export class TestClockError extends Error {}

export interface ClockDeps {
  config: Pick<Config, 'TEST_CLOCK' | 'STAGE'>;
  testClock: TestClockStore;
  /** The real time (not the test clock). */
  realNow: () => number;
}

export interface ClockView {
  stage: string;
  clientKey: string;
  /** What the platform's rules read as now. */
  now: string;
  realNow: string;
  offsetMs: number;
  offset: string;
}

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** "14d", "36h", "90m", "1w2d" → milliseconds. Months are not a fixed length: use `clock set` for month ends. */
export function parseDuration(text: string): number {
  const parts = [...text.matchAll(/(\d+)([smhdw])/g)];
  if (!parts.length || parts.map((p) => p[0]).join('') !== text) {
    throw new TestClockError(`"${text}" is not a duration. Use a number and a unit (s, m, h, d, w), e.g. --by 14d or --by 1d12h.`);
  }
  return parts.reduce((ms, p) => ms + Number(p[1]) * UNIT_MS[p[2]!]!, 0);
}

export async function showClock(d: ClockDeps, clientKey: string): Promise<ClockView> {
  refuseUnlessSandbox(d);
  return view(d, clientKey, (await d.testClock.get(clientKey))?.offsetMs ?? 0);
}

/** Every merchant clock that was moved at least once (the others show the real time). */
export async function listClocks(d: ClockDeps): Promise<ClockView[]> {
  refuseUnlessSandbox(d);
  return (await d.testClock.list()).map((c) => view(d, c.clientKey, c.offsetMs));
}

export async function advanceClock(d: ClockDeps, clientKey: string, byMs: number): Promise<ClockView> {
  if (!(byMs > 0)) throw new TestClockError('The clock only moves forward: give a positive duration, e.g. --by 14d.');
  return move(d, clientKey, (current) => current + byMs);
}

export async function setClock(d: ClockDeps, clientKey: string, at: string): Promise<ClockView> {
  const target = Date.parse(at);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(at) || Number.isNaN(target)) {
    throw new TestClockError(`"${at}" is not an ISO instant. Example: clock set 2027-01-31T00:00:00Z`);
  }
  return move(d, clientKey, (current) => {
    const offset = target - d.realNow();
    if (offset < current) {
      throw new TestClockError(
        `The clock is already past ${at} (${new Date(d.realNow() + current).toISOString()}); it only moves forward. Run "clock reset" first to go back to the real time.`,
      );
    }
    return offset;
  });
}

export async function resetClock(d: ClockDeps, clientKey: string): Promise<ClockView> {
  return move(d, clientKey, () => 0);
}

async function move(d: ClockDeps, clientKey: string, next: (currentOffsetMs: number) => number): Promise<ClockView> {
  refuseUnlessSandbox(d);
  // Conditional on the version read: a concurrent move makes us read again and apply ours on top of it.
  for (let tries = 0; tries < 5; tries++) {
    const current = await d.testClock.get(clientKey);
    const offsetMs = next(current?.offsetMs ?? 0);
    const setting: TestClockSetting = { offsetMs, updatedAt: new Date(d.realNow()).toISOString(), version: (current?.version ?? 0) + 1 };
    if (await d.testClock.put(clientKey, setting, current?.version ?? 0)) return view(d, clientKey, offsetMs);
  }
  throw new TestClockError('Someone else keeps moving this clock; try again in a moment.');
}

export function refuseUnlessSandbox(d: Pick<ClockDeps, 'config'>): void {
  if (!d.config.TEST_CLOCK) {
    throw new TestClockError(
      `Stage "${d.config.STAGE}" is not a sandbox: it has no test clock, and its time is the real time. Use the local platform (npm start) or a sandbox stage (STAGE_KIND=sandbox).`,
    );
  }
}

function view(d: ClockDeps, clientKey: string, offsetMs: number): ClockView {
  const real = d.realNow();
  return {
    stage: d.config.STAGE,
    clientKey,
    now: new Date(real + offsetMs).toISOString(),
    realNow: new Date(real).toISOString(),
    offsetMs,
    offset: describeOffset(offsetMs),
  };
}

function describeOffset(ms: number): string {
  if (ms === 0) return 'none (real time)';
  const sign = ms < 0 ? '-' : '+';
  let rest = Math.abs(ms);
  const out: string[] = [];
  for (const [unit, size] of [
    ['d', UNIT_MS.d!],
    ['h', UNIT_MS.h!],
    ['m', UNIT_MS.m!],
    ['s', UNIT_MS.s!],
  ] as const) {
    const n = Math.floor(rest / size);
    if (n) out.push(`${n}${unit}`);
    rest -= n * size;
  }
  return sign + (out.join('') || '0s');
}
