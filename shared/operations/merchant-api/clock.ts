/**
 * GET / POST /api/v1/merchant/clock: the merchant's own sandbox test clock (docs/test-clock.md), read and moved with
 * the merchant's credentials. A live stage serves neither route (sandboxOnly) and refuses here too.
 */
import { parseJson } from '@open-payments/protocol';
import type { Config } from '../../lib/config.js';
import type { TestClockStore } from '../../ports/clock.js';
import { ValidationError } from '../../domain/errors.js';
import type { MerchantClockAnswer } from '../../protocol/merchant-api/answers.js';
import { advanceClock, parseDuration, resetClock, setClock, showClock, TestClockError, type ClockView } from '../clock/manage.js';

export type { MerchantClockAnswer };

export interface MerchantClockDeps {
  config: Pick<Config, 'TEST_CLOCK' | 'STAGE'>;
  testClock: TestClockStore;
}

export async function merchantClock(d: MerchantClockDeps, clientKey: string): Promise<MerchantClockAnswer> {
  return answer(await refusals(() => showClock(deps(d), clientKey), 'clock'));
}

/** Body: exactly one of {"advance_by": "14d"}, {"set": "2027-01-31T00:00:00Z"}, {"reset": true}. */
export async function moveMerchantClock(d: MerchantClockDeps, clientKey: string, rawBody: string): Promise<MerchantClockAnswer> {
  let body: unknown;
  try {
    body = parseJson(rawBody);
  } catch {
    body = undefined;
  }
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const given = ['advance_by', 'set', 'reset'].filter((k) => b[k] !== undefined);
  if (given.length !== 1)
    throw ValidationError.rule('', 'Send exactly one of advance_by (e.g. "14d"), set (an ISO instant) or reset (true).');
  const [field] = given as ['advance_by' | 'set' | 'reset'];
  const value = b[field];
  if (field === 'reset') {
    if (value !== true) throw ValidationError.field('reset', 'This value should be true.');
    return answer(await refusals(() => resetClock(deps(d), clientKey), 'reset'));
  }
  if (typeof value !== 'string') throw ValidationError.field(field, 'This value should be of type string.');
  if (field === 'set') return answer(await refusals(() => setClock(deps(d), clientKey, value), 'set'));
  return answer(await refusals(() => advanceClock(deps(d), clientKey, parseDuration(value)), 'advance_by'));
}

const deps = (d: MerchantClockDeps) => ({ config: d.config, testClock: d.testClock, realNow: Date.now });

/** The clock's refusals ("only moves forward", "not a duration", "not a sandbox") in the protocol's format. */
async function refusals<T>(run: () => Promise<T>, field: string): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof TestClockError) throw ValidationError.field(field, err.message.replace(/--by /g, 'advance_by '));
    throw err;
  }
}

function answer(v: ClockView): MerchantClockAnswer {
  return { client_key: v.clientKey, now: v.now, real_now: v.realNow, offset_ms: v.offsetMs, offset: v.offset };
}
