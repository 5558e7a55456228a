/**
 * MID health's state transitions (shared/domain/mid-health.ts) and how routing uses them (route.ts): an open MID is
 * skipped, a half-open one is tried by one trial payment at a time (a stale trial frees it), every MID open uses the
 * rule's first; the rules file's `health` is checked.
 * Concurrent failures against the real store: test/integration/routing/mid-health.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  admitsAfterRefusedClaim,
  closesAfterAnswer,
  DEFAULT_MID_HEALTH_POLICY,
  midAvailable,
  midCircuitState,
  midHealthView,
  needsTrialClaim,
  newerHealth,
  opensAfterFailure,
  trialFree,
  TRIAL_STALE_SECONDS,
  type MidHealth,
} from '../../../shared/domain/mid-health.js';
import type { Mid } from '../../../shared/domain/merchant.js';
import type { RoutingTable } from '../../../shared/domain/routing.js';
import { cascadeOf, routeWithRules } from '../../../shared/operations/routing/route.js';
import type { RoutingHealth } from '../../../shared/operations/routing/health.js';
import type { MidHealthRecorder } from '../../../shared/operations/payment/index.js';
import { healthPolicyOf } from '../../../shared/operations/routing/health.js';
import { parseRoutingRules, RoutingRulesError } from '../../../shared/operations/routing/validate.js';

const T0 = new Date('2027-01-01T00:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const iso = (seconds: number) => at(seconds).toISOString();
const policy = DEFAULT_MID_HEALTH_POLICY;

const open = (openedAt = 0, cooldown = 60, failures = 5): MidHealth => ({
  failures,
  windowEndsAt: iso(60),
  openedAt: iso(openedAt),
  reopensAt: iso(openedAt + cooldown),
  version: 7,
});

describe('circuit states', () => {
  it('no record, or failures without an opening: closed', () => {
    expect(midCircuitState(undefined, T0)).toBe('closed');
    expect(midCircuitState({ failures: 4, windowEndsAt: iso(60), version: 4 }, T0)).toBe('closed');
  });

  it('open until the cool-down ends, then half-open', () => {
    expect(midCircuitState(open(), at(59))).toBe('open');
    expect(midCircuitState(open(), at(60))).toBe('half-open');
  });

  it('the view counts only the current window and names the opening', () => {
    expect(midHealthView(undefined, T0)).toEqual({ state: 'closed', failures: 0 });
    expect(midHealthView({ failures: 3, windowEndsAt: iso(60), version: 3 }, at(10))).toEqual({ state: 'closed', failures: 3 });
    expect(midHealthView({ failures: 3, windowEndsAt: iso(60), version: 3 }, at(60))).toEqual({ state: 'closed', failures: 0 });
    expect(midHealthView(open(), at(30))).toEqual({ state: 'open', failures: 5, openedAt: iso(0), reopensAt: iso(60) });
  });

  it('the view names a half-open MID’s trial while a payment holds it, not once the claim is stale', () => {
    const onTrial = { ...open(), trialAt: iso(61) };
    expect(midHealthView(open(), at(61))).not.toHaveProperty('trialAt');
    expect(midHealthView(onTrial, at(62))).toMatchObject({ state: 'half-open', trialAt: iso(61) });
    expect(midHealthView(onTrial, at(61 + TRIAL_STALE_SECONDS))).not.toHaveProperty('trialAt');
  });
});

describe('transitions', () => {
  it('a closed MID opens at the threshold, not before', () => {
    expect(opensAfterFailure({ failures: policy.failureThreshold - 1, windowEndsAt: iso(60), version: 1 }, T0, policy)).toBe(false);
    expect(opensAfterFailure({ failures: policy.failureThreshold, windowEndsAt: iso(60), version: 1 }, T0, policy)).toBe(true);
    // Failures past the threshold (concurrent ones) would open it too: the store's condition lets one of them do it.
    expect(opensAfterFailure({ failures: policy.failureThreshold + 3, windowEndsAt: iso(60), version: 1 }, T0, policy)).toBe(true);
  });

  it('an open MID stays open on a failure; a half-open one opens again at its first', () => {
    expect(opensAfterFailure({ ...open(), failures: 9 }, at(30), policy)).toBe(false);
    expect(opensAfterFailure({ ...open(), failures: 1 }, at(61), policy)).toBe(true);
  });

  it('an answer closes a MID that was open or half-open; a closed MID answering writes nothing', () => {
    expect(closesAfterAnswer(open())).toBe(true);
    expect(closesAfterAnswer(undefined)).toBe(false);
    expect(closesAfterAnswer({ failures: 4, windowEndsAt: iso(60), version: 4 })).toBe(false);
  });

  it("the newer copy of a MID health wins (this container's write over a cached read)", () => {
    const older = { failures: 1, version: 1 };
    const newer = { failures: 2, version: 2 };
    expect(newerHealth(older, newer)).toBe(newer);
    expect(newerHealth(newer, older)).toBe(newer);
    expect(newerHealth(undefined, older)).toBe(older);
  });
});

describe('half-open: one trial payment at a time', () => {
  const trial = (claimedAt: number): MidHealth => ({ ...open(), trialAt: iso(claimedAt) });

  it('only a half-open MID needs a claim before it is called (a closed or open one writes nothing)', () => {
    expect(needsTrialClaim(undefined, at(61))).toBe(false);
    expect(needsTrialClaim({ failures: 4, windowEndsAt: iso(60), version: 4 }, at(30))).toBe(false);
    expect(needsTrialClaim(open(), at(30))).toBe(false);
    expect(needsTrialClaim(open(), at(61))).toBe(true);
  });

  it('a half-open MID without a claim is free: routing may send a payment, which claims it', () => {
    expect(trialFree(open(), at(61))).toBe(true);
    expect(midAvailable(open(), at(61))).toBe(true);
  });

  it('a claimed trial holds the MID: routing leaves it out as if open', () => {
    expect(trialFree(trial(61), at(62))).toBe(false);
    expect(midAvailable(trial(61), at(62))).toBe(false);
    expect(midAvailable(trial(61), at(61 + TRIAL_STALE_SECONDS - 1))).toBe(false);
  });

  it('a claim older than the stale age frees the MID again (a crashed trial does not block it for ever)', () => {
    expect(trialFree(trial(61), at(61 + TRIAL_STALE_SECONDS))).toBe(true);
    expect(midAvailable(trial(61), at(61 + TRIAL_STALE_SECONDS + 1))).toBe(true);
  });

  it('a refused claim lets the payment call the MID only if it closed meanwhile', () => {
    expect(admitsAfterRefusedClaim({ failures: 0, windowEndsAt: iso(61), version: 9 }, at(62))).toBe(true);
    expect(admitsAfterRefusedClaim(undefined, at(62))).toBe(true);
    expect(admitsAfterRefusedClaim(trial(61), at(62))).toBe(false);
    // Opened again by the trial's failure: open, not the payment's to try.
    expect(admitsAfterRefusedClaim(open(62), at(63))).toBe(false);
  });

  it("the trial's answer closes the MID, its failure opens it again", () => {
    expect(closesAfterAnswer(trial(61))).toBe(true);
    expect(opensAfterFailure({ ...trial(61), failures: 1 }, at(62), policy)).toBe(true);
  });
});

describe('routing skips open MIDs', () => {
  const mid = (midId: string): Mid => ({
    midId,
    name: midId,
    paymentMode: 'SMS/DMS',
    moto: false,
    zeroAmount: false,
    connector: 'sandbox',
    enabled: true,
    descriptor: midId,
  });
  const mids = [mid('A'), mid('B'), mid('C')];
  const table: RoutingTable = {
    version: 1,
    maxAttempts: 2,
    rules: [
      {
        match: {},
        mids: [
          { midId: 'A', weight: 100 },
          { midId: 'B', weight: 0 },
          { midId: 'C', weight: 0 },
        ],
      },
    ],
  };
  const needs = { authorize: false, sale: true };
  const facts = { brand: 'visa', currency: 'USD', amount: 1000, moto: false, threeDs: true, integration: 's2s-card' as const };
  const recorder: MidHealthRecorder = { admits: async () => true, failed: async () => {}, answered: async () => {} };
  const health = (states: Record<string, MidHealth>, now = at(30)): RoutingHealth => ({ now, states, recorder });
  const route = (h?: RoutingHealth) => {
    const r = routeWithRules(mids, table, needs, facts, { health: h, random: () => 0.5 });
    return { first: r.mid.midId, fallbacks: r.fallbacks.map((f) => f.mid.midId) };
  };

  it('all closed: the weights decide, as without health', () => {
    expect(route()).toEqual({ first: 'A', fallbacks: ['B', 'C'] });
    expect(route(health({}))).toEqual({ first: 'A', fallbacks: ['B', 'C'] });
  });

  it('A open: the next MID of the rule takes the payment, and A is no fallback either', () => {
    expect(route(health({ A: open() }))).toEqual({ first: 'B', fallbacks: ['C'] });
    expect(route(health({ A: open(), B: open() }))).toEqual({ first: 'C', fallbacks: [] });
  });

  it('A half-open (cool-down over): A is tried again', () => {
    expect(route(health({ A: open() }, at(61)))).toEqual({ first: 'A', fallbacks: ['B', 'C'] });
  });

  it('A half-open with its trial held by another payment: skipped as if open; once the claim is stale, tried again', () => {
    const held = { ...open(), trialAt: iso(61) };
    expect(route(health({ A: held }, at(62)))).toEqual({ first: 'B', fallbacks: ['C'] });
    expect(route(health({ A: held }, at(61 + TRIAL_STALE_SECONDS)))).toEqual({ first: 'A', fallbacks: ['B', 'C'] });
  });

  it("every MID open: the rule's first, so no payment is refused for it", () => {
    expect(route(health({ A: open(), B: open(), C: open() }))).toEqual({ first: 'A', fallbacks: ['B', 'C'] });
  });

  it('the cascade carries the recorder, even where it cascades nowhere', () => {
    const single = routeWithRules(mids, { ...table, maxAttempts: 1 }, needs, facts, { health: health({}), random: () => 0.5 });
    // The fallbacks stay listed: where a payment goes instead of a half-open MID another payment holds the trial of.
    expect(cascadeOf(single)).toEqual({
      fallbacks: [mids[1], mids[2]],
      maxAttempts: 1,
      isSoftDecline: expect.any(Function),
      health: recorder,
    });
    // Without health (and without fallbacks to cascade to) there is nothing to pass on.
    expect(cascadeOf(routeWithRules(mids, { ...table, maxAttempts: 1 }, needs, facts))).toBeUndefined();
  });
});

describe("the rules file's health", () => {
  const mids = [
    {
      midId: 'A',
      name: 'A',
      paymentMode: 'SMS/DMS' as const,
      moto: false,
      zeroAmount: false,
      connector: 'sandbox',
      enabled: true,
      descriptor: 'A',
    },
  ];
  const rules = [{ match: {}, mids: [{ midId: 'A', weight: 100 }] }];

  it('is optional; given fields override the defaults', () => {
    expect(parseRoutingRules({ rules }, mids).health).toBeUndefined();
    const parsed = parseRoutingRules({ rules, health: { failureThreshold: 3 } }, mids);
    expect(parsed.health).toEqual({ failureThreshold: 3 });
    expect(healthPolicyOf({ version: 1, ...parsed })).toEqual({ failureThreshold: 3, windowSeconds: 60, cooldownSeconds: 60 });
  });

  it('names every wrong field, unknown ones last', () => {
    let err: unknown;
    try {
      parseRoutingRules({ rules, health: { failureThreshold: 0, windowSeconds: 1.5, cooldownSeconds: 100_000, cooldown: 5 } }, mids);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RoutingRulesError);
    expect((err as RoutingRulesError).problems).toEqual([
      'health: "failureThreshold" must be a whole number of failures from 1 to 1000 (default 5).',
      'health: "windowSeconds" must be a whole number of seconds from 1 to 3600 (default 60).',
      'health: "cooldownSeconds" must be a whole number of seconds from 1 to 86400 (default 60).',
      'health: unknown field "cooldown" (known: failureThreshold, windowSeconds, cooldownSeconds).',
    ]);
    expect(() => parseRoutingRules({ rules, health: 5 }, mids)).toThrow('health must be an object');
  });
});
