/**
 * A short soak in `npm test`: 20 s (not the 10 minutes of `npm run soak`, to keep the suite fast) of payments at 80 %
 * of the capacity measured on this platform first (capped at 10/s: the suite shares the machine), with refunds and
 * 3DS mixed in; then every request, payment and callback must reconcile, nothing dead-lettered or undetermined.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningPlatform } from '../../scripts/local/platform.js';
import { startCallbackSink, type CallbackSink } from '../src/callback-sink.js';
import { measureCapacity, runSoak } from '../soak/soak.js';
import { startTestPlatform } from '../../test/support/platform.js';

let platform: RunningPlatform;
let sink: CallbackSink;

beforeAll(async () => {
  platform = await startTestPlatform();
  sink = await startCallbackSink();
});
afterAll(async () => {
  await sink?.close();
  await platform?.stop();
});

it('reconciles after 20 s at 80 % of capacity: one payment per accepted request, one delivered callback per state change', async () => {
  const capacity = await measureCapacity(platform, sink, 5, 4);
  const rate = Math.min(10, Math.max(1, 0.8 * capacity));
  const report = await runSoak({
    platform,
    sink,
    ratePerSecond: rate,
    capacityPerSecond: capacity,
    seconds: 20,
    settleSeconds: 60,
    progress: () => undefined,
  });
  expect(report.failedRequests).toEqual([]);
  expect(report.problems).toEqual([]);
  expect(report.accepted).toBe(report.sent);
  expect(report.callbacksDelivered).toBe(report.callbacksExpected);
  expect(report.duplicates).toBe(0);
  expect(report.deadLetters).toBe(0);
  expect(report.undetermined).toBe(0);
}, 180_000);
