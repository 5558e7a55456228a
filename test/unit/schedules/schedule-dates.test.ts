/** Run-date arithmetic of schedules: day/month intervals, day_of_month clamping, weekday and month-day delays. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysInMonth,
  firstRunDate,
  followingRun,
  isCalendarDate,
  isoWeekday,
  nextDayOfMonth,
  nextWeekday,
  runDate,
  type Schedule,
} from '../../../shared/domain/schedule.js';

const schedule = (over: Partial<Schedule> = {}): Schedule => ({
  scheduleId: 's',
  clientKey: 'c',
  name: 'n',
  intervalLength: 1,
  intervalUnit: 'month',
  paymentsCount: 12,
  delayedFirstPayment: 'none',
  paused: false,
  createdAt: '',
  updatedAt: '',
  version: 1,
  ...over,
});

/** Any calendar date 2000-01-01 … 2099-12-31. */
const dateArb = fc
  .integer({ min: Date.UTC(2000, 0, 1) / 86_400_000, max: Date.UTC(2099, 11, 31) / 86_400_000 })
  .map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10));
const dayDiff = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
const monthIndex = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7)) - 1;
const day = (d: string) => Number(d.slice(8, 10));
const dim = (d: string) => daysInMonth(Number(d.slice(0, 4)), Number(d.slice(5, 7)));

describe('calendar helpers', () => {
  it('recognises real calendar dates only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
    expect(isCalendarDate('2025-1-01')).toBe(false);
    expect(isCalendarDate('2025-04-31')).toBe(false);
  });

  it('clamps month arithmetic to the month end (29–31)', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-01-31', 2)).toBe('2025-03-31');
    expect(addMonths('2025-03-15', 1, 31)).toBe('2025-04-30');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2025-12-10', 1)).toBe('2026-01-10');
  });

  it('finds the next weekday (a week ahead when today is that day)', () => {
    expect(isoWeekday('2025-06-02')).toBe(1); // a Monday
    expect(nextWeekday('2025-06-02', 1)).toBe('2025-06-09');
    expect(nextWeekday('2025-06-02', 3)).toBe('2025-06-04');
    expect(nextWeekday('2025-06-08', 1)).toBe('2025-06-09');
  });

  it('delays to that day of the current or the next month', () => {
    expect(nextDayOfMonth('2025-06-10', 20)).toBe('2025-06-20');
    expect(nextDayOfMonth('2025-06-20', 20)).toBe('2025-07-20');
    expect(nextDayOfMonth('2025-06-25', 5)).toBe('2025-07-05');
    expect(nextDayOfMonth('2025-01-31', 31)).toBe('2025-02-28');
    expect(nextDayOfMonth('2025-02-10', 31)).toBe('2025-02-28');
  });
});

describe('first scheduled payment', () => {
  const today = '2025-06-10'; // a Tuesday
  it('none: one schedule interval after the initiating payment', () => {
    expect(firstRunDate(schedule({ intervalUnit: 'day', intervalLength: 14 }), today)).toBe('2025-06-24');
    expect(firstRunDate(schedule({ intervalUnit: 'month', intervalLength: 1 }), today)).toBe('2025-07-10');
    expect(firstRunDate(schedule({ intervalUnit: 'month', intervalLength: 1, dayOfMonth: 31 }), today)).toBe('2025-07-31');
  });
  it('delay_by_interval, day_of_week and day_of_month', () => {
    expect(
      firstRunDate(
        schedule({ delayedFirstPayment: 'delay_by_interval', firstPaymentIntervalLength: 7, firstPaymentIntervalUnit: 'day' }),
        today,
      ),
    ).toBe('2025-06-17');
    expect(
      firstRunDate(
        schedule({ delayedFirstPayment: 'delay_by_interval', firstPaymentIntervalLength: 3, firstPaymentIntervalUnit: 'month' }),
        today,
      ),
    ).toBe('2025-09-10');
    expect(firstRunDate(schedule({ delayedFirstPayment: 'day_of_week', firstPaymentDayOfWeek: 5 }), today)).toBe('2025-06-13');
    expect(firstRunDate(schedule({ delayedFirstPayment: 'day_of_month', firstPaymentDayOfMonth: 1 }), today)).toBe('2025-07-01');
  });
  it('schedule_start_date overrides delayed_first_payment', () => {
    expect(firstRunDate(schedule({ delayedFirstPayment: 'day_of_week', firstPaymentDayOfWeek: 5 }), today, '2025-08-01')).toBe(
      '2025-08-01',
    );
  });
});

describe('later runs are counted from the first', () => {
  it('monthly on the 31st: Jan 31, Feb 28, Mar 31, Apr 30', () => {
    const s = schedule({ intervalUnit: 'month', dayOfMonth: 31 });
    expect([1, 2, 3, 4].map((n) => runDate(s, '2025-01-31', 1, n))).toEqual(['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30']);
  });
  it('monthly from a first date without day_of_month keeps the first day (no drift after February)', () => {
    const s = schedule({ intervalUnit: 'month' });
    expect([2, 3].map((n) => runDate(s, '2025-01-30', 1, n))).toEqual(['2025-02-28', '2025-03-30']);
  });
  it('the run after n skips paused dates up to a given day', () => {
    const s = schedule({ intervalUnit: 'day', intervalLength: 7 });
    expect(followingRun(s, { anchorDate: '2025-06-01', anchorRun: 1 }, 1)).toEqual({ run: 2, date: '2025-06-08' });
    expect(followingRun(s, { anchorDate: '2025-06-01', anchorRun: 1 }, 1, '2025-06-20')).toEqual({ run: 4, date: '2025-06-22' });
  });
});

describe('properties', () => {
  it('addMonths lands on min(day, month length) exactly `months` months later', () => {
    fc.assert(
      fc.property(
        dateArb,
        fc.integer({ min: 0, max: 240 }),
        fc.option(fc.integer({ min: 1, max: 31 }), { nil: undefined }),
        (d, months, dom) => {
          const r = addMonths(d, months, dom);
          expect(isCalendarDate(r)).toBe(true);
          expect(monthIndex(r) - monthIndex(d)).toBe(months);
          expect(day(r)).toBe(Math.min(dom ?? day(d), dim(r)));
        },
      ),
    );
  });

  it('addDays moves by exactly n days', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 0, max: 5000 }), (d, n) => {
        expect(dayDiff(d, addDays(d, n))).toBe(n);
      }),
    );
  });

  it('nextWeekday is that weekday, 1 to 7 days ahead', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 1, max: 7 }), (d, wd) => {
        const r = nextWeekday(d, wd);
        expect(isoWeekday(r)).toBe(wd);
        expect(dayDiff(d, r)).toBeGreaterThanOrEqual(1);
        expect(dayDiff(d, r)).toBeLessThanOrEqual(7);
      }),
    );
  });

  it('nextDayOfMonth is after today, in this or the next month, on the clamped day', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 1, max: 31 }), (d, dom) => {
        const r = nextDayOfMonth(d, dom);
        expect(r > d).toBe(true);
        expect([0, 1]).toContain(monthIndex(r) - monthIndex(d));
        expect(day(r)).toBe(Math.min(dom, dim(r)));
      }),
    );
  });

  const scheduleArb = fc.record({
    intervalLength: fc.integer({ min: 1, max: 36 }),
    intervalUnit: fc.constantFrom('day' as const, 'month' as const),
    dayOfMonth: fc.option(fc.integer({ min: 1, max: 31 }), { nil: undefined }),
  });

  it('run dates strictly increase, by the interval (days) or by whole months on the clamped day', () => {
    fc.assert(
      fc.property(scheduleArb, dateArb, fc.integer({ min: 1, max: 40 }), (s, anchor, n) => {
        const a = runDate(s, anchor, 1, n);
        const b = runDate(s, anchor, 1, n + 1);
        expect(b > a).toBe(true);
        if (s.intervalUnit === 'day') expect(dayDiff(a, b)).toBe(s.intervalLength);
        else {
          expect(monthIndex(b) - monthIndex(anchor)).toBe(n * s.intervalLength);
          expect(day(b)).toBe(Math.min(s.dayOfMonth ?? day(anchor), dim(b)));
        }
      }),
    );
  });

  it('the first scheduled payment is after the initiating day, whatever the delay', () => {
    const delayArb = fc.oneof(
      fc.constant({ delayedFirstPayment: 'none' as const }),
      fc.record({
        delayedFirstPayment: fc.constant('delay_by_interval' as const),
        firstPaymentIntervalLength: fc.integer({ min: 1, max: 400 }),
        firstPaymentIntervalUnit: fc.constantFrom('day' as const, 'month' as const),
      }),
      fc.record({ delayedFirstPayment: fc.constant('day_of_week' as const), firstPaymentDayOfWeek: fc.integer({ min: 1, max: 7 }) }),
      fc.record({ delayedFirstPayment: fc.constant('day_of_month' as const), firstPaymentDayOfMonth: fc.integer({ min: 1, max: 31 }) }),
    );
    fc.assert(
      fc.property(scheduleArb, delayArb, dateArb, (s, delay, today) => {
        expect(firstRunDate(schedule({ ...s, ...delay }), today) > today).toBe(true);
      }),
    );
  });

  it('followingRun is the first run dated after both the current run and the skip day', () => {
    fc.assert(
      fc.property(scheduleArb, dateArb, fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 400 }), (s, anchor, n, skip) => {
        const skipUntil = addDays(anchor, skip);
        const { run, date } = followingRun(s, { anchorDate: anchor, anchorRun: 1 }, n, skipUntil);
        expect(date).toBe(runDate(s, anchor, 1, run));
        expect(date > runDate(s, anchor, 1, n) && date > skipUntil).toBe(true);
        if (run > n + 1) expect(runDate(s, anchor, 1, run - 1) <= skipUntil).toBe(true);
      }),
    );
  });
});
