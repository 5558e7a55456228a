/** What nearly every function composes: the parsed config, ids, and the clock (the test clock's on a sandbox). */
import { randomUUID } from 'node:crypto';
import { getConfig, type Config } from '../../lib/config.js';
import { systemClock, type Clock, type TestClockStore } from '../../ports/clock.js';
import { DynamoTestClockStore } from '../../adapters/aws/dynamo-test-clock.js';
import { MerchantClocks } from '../../operations/clock/merchant-clocks.js';
import { port } from './port.js';

export const config: () => Config = /* @__PURE__ */ port(getConfig);

export const newId = (): (() => string) => randomUUID;

export const testClock: () => TestClockStore = /* @__PURE__ */ port(() => new DynamoTestClockStore(config().TABLE_NAME));

/** The real time, or on a sandbox the real time and each merchant's test clock (docs/test-clock.md). */
export const clock: () => Clock = /* @__PURE__ */ port(() => {
  const c = config();
  // A live stage never reads a test clock, whatever the table holds.
  // At most 5 s stale: someone who just moved the clock expects the next page to see it (merchant config may lag 30 s).
  return c.TEST_CLOCK ? new MerchantClocks(testClock(), Math.min(c.CONFIG_CACHE_TTL_SECONDS, 5) * 1000) : systemClock;
});

/**
 * A fresh reading of the test clock, for the invocations that decide by time: forced for the runners (they exist to
 * act on the time an operator just moved to), the brief cache for requests.
 */
export async function refreshClock(opts: { force?: boolean } = {}): Promise<void> {
  await clock().refresh?.(opts);
}

/**
 * For the HTTP middleware, which runs before a handler and must not fail where the handler would not: an invalid
 * configuration is left for the handler's own use of its ports to report, through its error mapping.
 */
export async function refreshClockForRequest(): Promise<void> {
  let c: Clock;
  try {
    c = clock();
  } catch {
    return;
  }
  await c.refresh?.();
}
