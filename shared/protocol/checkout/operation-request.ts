/**
 * The small JSON bodies of the Checkout operations, declared field by field (bodyFields): each operation reads its
 * body with the fields it declares, and the API reference describes the body from the same declaration
 * (scripts/openapi). Problems are listed like the session's, every one at once.
 */
import { ValidationError, type FieldError } from '../../domain/errors.js';
import { MESSAGES } from '../fields.js';
import { parseJsonObject } from './json.js';

/** A text field: blank refused where required, longer than `max` refused ("This value is too long. ..."). */
export interface TextField<K extends 'required' | 'optional' = 'required' | 'optional'> {
  name: string;
  kind: K;
  max: number;
}
/** A nested JSON object (custom_data). */
export interface ObjectField {
  name: string;
  kind: 'object';
}
export type BodyField = TextField | ObjectField;

type Rule = Omit<TextField<'required'>, 'name'> | Omit<TextField<'optional'>, 'name'> | Omit<ObjectField, 'name'>;
export const required = (max = 255) => ({ kind: 'required' as const, max });
export const optional = (max = 255) => ({ kind: 'optional' as const, max });
export const object = () => ({ kind: 'object' as const });

/** An operation's body, field by field in the order it validates them; a dotted name is a nested field (order.number). */
export function bodyFields<T extends Record<string, Rule>>(rules: T): { [K in keyof T]: T[K] & { name: string } } {
  const fields: Record<string, BodyField> = {};
  for (const [name, rule] of Object.entries(rules)) fields[name] = { ...rule, name };
  return fields as unknown as { [K in keyof T]: T[K] & { name: string } };
}

export class JsonFields {
  readonly errors: FieldError[] = [];
  constructor(readonly body: Record<string, unknown>) {}

  static parse(rawBody: string): JsonFields {
    return new JsonFields(parseJsonObject(rawBody));
  }

  read(field: TextField<'required'>): string;
  read(field: TextField<'optional'>): string | undefined;
  read(field: ObjectField): Record<string, unknown> | undefined;
  read(field: BodyField): string | Record<string, unknown> | undefined {
    if (field.kind === 'object') return this.object(field.name);
    const value = this.text(field.name, field.max);
    if (field.kind === 'optional') return value;
    if (value === undefined && !this.errors.some((e) => e.field === field.name)) this.fail(field.name, MESSAGES.blank);
    return value ?? '';
  }

  private text(path: string, max: number): string | undefined {
    const value = path
      .split('.')
      .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), this.body);
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') return this.fail(path, MESSAGES.invalid);
    if (value.length > max) return this.fail(path, MESSAGES.tooLong(max));
    return value;
  }

  private object(path: string): Record<string, unknown> | undefined {
    const value = this.body[path];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) return this.fail(path, MESSAGES.invalid);
    return value as Record<string, unknown>;
  }

  fail(field: string, message: string): undefined {
    this.errors.push({ field, message });
    return undefined;
  }

  throwIfInvalid(): void {
    if (this.errors.length) throw new ValidationError(this.errors);
  }
}
