/**
 * The soak script on a tiny run in `npm test` (the soak itself is `npm run soak`'s 10 minutes; the suite only proves
 * the script works): a 2 s capacity measure, then 10 requests at 80 % of it (2 to 5 a second: the suite shares the
 * machine), which the mix makes sales, a refund and a 3DS payment (bench/soak/mix.ts: requests 3 and 7); then every
 * request, payment and callback must reconcile, nothing dead-lettered or undetermined.
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

const REQUESTS = 10;

it('reconciles a short run at 80 % of capacity: one payment per accepted request, one delivered callback per state change', async () => {
  const capacity = await measureCapacity(platform, sink, 2, 2);
  const rate = Math.min(5, Math.max(2, 0.8 * capacity));
  const report = await runSoak({
    platform,
    sink,
    ratePerSecond: rate,
    capacityPerSecond: capacity,
    seconds: REQUESTS / rate,
    settleSeconds: 60,
    progress: () => undefined,
  });
  expect(report.failedRequests).toEqual([]);
  expect(report.problems).toEqual([]);
  expect(report.sent).toBe(REQUESTS);
  expect(report.accepted).toBe(report.sent);
  expect(report.callbacksDelivered).toBe(report.callbacksExpected);
  expect(report.duplicates).toBe(0);
  expect(report.deadLetters).toBe(0);
  expect(report.undetermined).toBe(0);
}, 180_000);
