/**
 * Fee schedules (docs/ledger.md "Fees"): a merchant's, and the platform's default for merchants without a rule that
 * matches. A rule matches a movement by action, method (card brand or APM brand) and currency, each optional; the
 * first matching rule of the merchant's schedule wins, else the first of the default, else no fee.
 *
 * fee = round_half_up(amount × percent ÷ 100) + fixed, in the payment currency's minor units (so per its exponent:
 * JPY whole yen, KWD fils). Percentages are decimal strings (up to 4 decimals) and computed with integers only.
 */
import { findCurrency } from '../money.js';
import type { MovementKind } from './movements.js';

/** The movements a fee rule names: a chargeback's reversal has no fee of its own (its chargeback's stays charged). */
export type FeeAction = Exclude<MovementKind, 'chargeback_reversal'>;
export const FEE_ACTIONS: readonly FeeAction[] = ['capture', 'refund', 'void', 'payout', 'chargeback'];

export interface FeeRule {
  action?: FeeAction;
  /** Card brand (visa, mastercard …) or APM brand, lower case. */
  method?: string;
  currency?: string;
  /** Percent of the movement's amount, e.g. "2.9". */
  percent?: string;
  /** Minor units of `currency`, which a rule with a fixed part names. */
  fixedMinor?: number;
}

/**
 * A rolling reserve: `percent` of each day's captured volume held back from that day's settlement batch, and released
 * in the batch `days` days later (docs/ledger.md "Settlements").
 */
export interface Reserve {
  percent: string;
  days: number;
}

export interface FeeSchedule {
  rules: FeeRule[];
  reserve?: Reserve;
  updatedAt?: string;
}

/** The platform's default schedule's scope (`fees set default`). */
export const DEFAULT_FEES = 'default';

export class FeeScheduleError extends Error {
  constructor(readonly problems: string[]) {
    super(`The fee schedule is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const PERCENT = /^(\d{1,3})(?:\.(\d{1,4}))?$/;
const METHOD = /^[a-z0-9_-]{1,40}$/;
const RULE_KEYS = ['action', 'method', 'currency', 'percent', 'fixed'];

/**
 * Reads a fees file: `{"rules": [{"action", "method", "currency", "percent", "fixed"}], "reserve": {"percent", "days"}}`,
 * `fixed` in the currency's format ("0.30" USD, "30" JPY, "0.100" KWD); `reserve` optional. Every problem is named,
 * each with its rule and field.
 */
export function parseFeeSchedule(input: unknown): FeeSchedule {
  const problems: string[] = [];
  if (!isObject(input) || !Array.isArray(input.rules))
    throw new FeeScheduleError(['The file must hold a JSON object with a "rules" list.']);
  for (const k of Object.keys(input))
    if (k !== 'rules' && k !== 'reserve') problems.push(`The file: unknown key "${k}" (only "rules" and "reserve").`);
  const rules = input.rules.map((r: unknown, i: number) => parseRule(r, `Rule ${i + 1}`, problems));
  const reserve = input.reserve === undefined ? undefined : parseReserve(input.reserve, problems);
  if (problems.length) throw new FeeScheduleError(problems);
  return { rules, ...(reserve ? { reserve } : {}) };
}

/** A rule as the fees file writes it: `fixed` in its currency's format again. */
export interface FeeRuleFile {
  action?: FeeAction;
  method?: string;
  currency?: string;
  percent?: string;
  fixed?: string;
}

/** The fees file a schedule was read from (`fees set --file`'s document): what the console's editor holds. */
export interface FeeScheduleFile {
  rules: FeeRuleFile[];
  reserve?: Reserve;
}

/** A stored schedule back as its file: parseFeeSchedule(feeScheduleFile(s)) is `s` without its `updatedAt`. */
export function feeScheduleFile(schedule: FeeSchedule): FeeScheduleFile {
  const rules = schedule.rules.map(({ fixedMinor, ...rule }): FeeRuleFile => {
    const exponent = rule.currency ? (findCurrency(rule.currency)?.exponent ?? 2) : 2;
    return fixedMinor === undefined ? rule : { ...rule, fixed: majorUnits(fixedMinor, exponent) };
  });
  return { rules, ...(schedule.reserve ? { reserve: schedule.reserve } : {}) };
}

/** Minor units in the currency's exponent ("0.30" USD, "30" JPY, "0.100" KWD): the format `fixed` is read in. */
function majorUnits(minor: number, exponent: number): string {
  if (!exponent) return String(minor);
  const digits = String(minor).padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** At most a year: a release further out is a hold, not a rolling reserve. */
export const MAX_RESERVE_DAYS = 365;

function parseReserve(r: unknown, problems: string[]): Reserve | undefined {
  if (!isObject(r)) {
    problems.push('reserve: must be an object {"percent": "10", "days": 90}.');
    return undefined;
  }
  for (const k of Object.keys(r)) if (k !== 'percent' && k !== 'days') problems.push(`reserve: unknown key "${k}" (one of percent, days).`);
  const percentOk = typeof r.percent === 'string' && PERCENT.test(r.percent) && partsPerMillion(r.percent) <= 1_000_000;
  if (!percentOk) problems.push('reserve.percent: must be a decimal string from "0" to "100" with at most 4 decimals (e.g. "10").');
  const daysOk = typeof r.days === 'number' && Number.isInteger(r.days) && r.days >= 1 && r.days <= MAX_RESERVE_DAYS;
  if (!daysOk) problems.push(`reserve.days: must be a whole number of days from 1 to ${MAX_RESERVE_DAYS}.`);
  return percentOk && daysOk ? { percent: r.percent as string, days: r.days as number } : undefined;
}

function parseRule(r: unknown, name: string, problems: string[]): FeeRule {
  if (!isObject(r)) {
    problems.push(`${name}: must be an object.`);
    return {};
  }
  const rule: FeeRule = {};
  for (const k of Object.keys(r))
    if (!RULE_KEYS.includes(k)) problems.push(`${name}: unknown key "${k}" (one of ${RULE_KEYS.join(', ')}).`);
  if (r.action !== undefined) {
    if (FEE_ACTIONS.includes(r.action as FeeAction)) rule.action = r.action as FeeAction;
    else problems.push(`${name}.action: must be one of ${FEE_ACTIONS.join(', ')}.`);
  }
  if (r.method !== undefined) {
    if (typeof r.method === 'string' && METHOD.test(r.method)) rule.method = r.method;
    else problems.push(`${name}.method: must be a card or APM brand in lower case (e.g. "visa").`);
  }
  const currency = typeof r.currency === 'string' ? findCurrency(r.currency) : undefined;
  if (r.currency !== undefined) {
    if (currency) rule.currency = currency.code;
    else problems.push(`${name}.currency: must be an ISO 4217 code in upper case (e.g. "USD").`);
  }
  if (r.percent !== undefined) {
    const m = typeof r.percent === 'string' ? PERCENT.exec(r.percent) : null;
    if (m && partsPerMillion(r.percent as string) <= 1_000_000) rule.percent = r.percent as string;
    else problems.push(`${name}.percent: must be a decimal string from "0" to "100" with at most 4 decimals (e.g. "2.9").`);
  }
  if (r.fixed !== undefined) {
    if (!currency) problems.push(`${name}.fixed: a fixed amount needs the rule's "currency" (its decimals depend on it).`);
    else {
      const minor = typeof r.fixed === 'string' ? minorUnits(r.fixed, currency.exponent) : undefined;
      if (minor === undefined)
        problems.push(
          `${name}.fixed: must be an amount in ${currency.code}'s format with at most ${currency.exponent} decimals (e.g. "${example(currency.exponent)}").`,
        );
      else rule.fixedMinor = minor;
    }
  }
  if (r.percent === undefined && r.fixed === undefined) problems.push(`${name}: needs a "percent", a "fixed" amount or both.`);
  return rule;
}

/** What a movement matches a rule by. */
export interface FeeSubject {
  kind: MovementKind;
  /** Minor units. */
  amount: number;
  currency: string;
  method?: string;
}

/** The fee of a movement, in minor units: the first matching rule of the first schedule that has one. */
export function feeFor(schedules: readonly (FeeSchedule | undefined)[], s: FeeSubject): number {
  for (const schedule of schedules) {
    const rule = schedule?.rules.find(
      (r) => (!r.action || r.action === s.kind) && (!r.method || r.method === s.method) && (!r.currency || r.currency === s.currency),
    );
    if (rule) return percentOf(s.amount, rule.percent) + (rule.fixedMinor ?? 0);
  }
  return 0;
}

/** amount × percent ÷ 100, rounded half up to a whole minor unit; integers only. */
export function percentOf(amount: number, percent: string | undefined): number {
  if (!percent) return 0;
  const million = 1_000_000n;
  return Number((BigInt(amount) * BigInt(partsPerMillion(percent)) * 2n + million) / (2n * million));
}

function partsPerMillion(percent: string): number {
  const [whole = '0', fraction = ''] = percent.split('.');
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
}

function minorUnits(value: string, exponent: number): number | undefined {
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(value);
  if (!m || (m[2] ?? '').length > exponent) return undefined;
  return Number(m[1]) * 10 ** exponent + Number((m[2] ?? '').padEnd(exponent, '0') || '0');
}

const example = (exponent: number) => (exponent ? `0.${'3'.padStart(exponent, '0')}` : '30');

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
