/** Query-string values of the merchant API: refused in the protocol's format, field by field. */
import { ValidationError } from '../../domain/errors.js';

export type Query = Record<string, string | undefined>;

/**
 * A query parameter as an operation declares it, once: its reader takes the range or choices from here and the API
 * reference describes it from here (scripts/openapi/merchant-routes.ts). `about`: what the reference says of it (an int's
 * range and default, "1..100, default 50.", when it says nothing).
 */
export type QueryParam =
  | { kind: 'int'; min: number; max: number; default: number; about?: string }
  | { kind: 'instant'; required?: true; about: string }
  | { kind: 'choice'; values: readonly string[]; about: string }
  | { kind: 'text'; about: string };

/** An operation's query parameters, in the order the reference lists them. */
export type QueryParams = Record<string, QueryParam>;

export function intParam(query: Query, name: string, range: { min: number; max: number; default: number }): number {
  const raw = query[name];
  if (raw === undefined || raw === '') return range.default;
  const n = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= range.min && n <= range.max)) throw ValidationError.field(name, `This value should be between ${range.min} and ${range.max}.`);
  return n;
}

export function instantParam(query: Query, name: string): string | undefined {
  const raw = query[name];
  if (raw === undefined || raw === '') return undefined;
  const t = /^\d{4}-\d{2}-\d{2}T/.test(raw) ? Date.parse(raw) : NaN;
  if (Number.isNaN(t)) throw ValidationError.field(name, 'This value should be an ISO 8601 instant, e.g. 2027-01-31T00:00:00Z.');
  return new Date(t).toISOString();
}
