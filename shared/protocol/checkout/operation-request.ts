/** Reads the small JSON bodies of the Checkout operations; problems are listed like the session's. */
import { ValidationError, type FieldError } from '../../errors.js';
import { MESSAGES } from '../fields.js';
import { parseJsonObject } from './json.js';
import { probing, reportFieldRead } from '../field-probe.js';

export class JsonFields {
  readonly errors: FieldError[] = [];
  constructor(readonly body: Record<string, unknown>) {}

  static parse(rawBody: string): JsonFields {
    return new JsonFields(parseJsonObject(rawBody));
  }

  optional(path: string, max = 255): string | undefined {
    reportFieldRead(path, 'optional', { max });
    const value = path
      .split('.')
      .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), this.body);
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') return this.fail(path, MESSAGES.invalid);
    if (value.length > max) return this.fail(path, MESSAGES.tooLong(max));
    return value;
  }

  required(path: string, max = 255): string {
    reportFieldRead(path, 'required', { max });
    const value = this.optional(path, max);
    if (value === undefined && !this.errors.some((e) => e.field === path)) this.fail(path, MESSAGES.blank);
    return value ?? '';
  }

  object(path: string): Record<string, unknown> | undefined {
    reportFieldRead(path, 'object');
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
    // Under the OpenAPI probe the operation goes on, so the fields it reads later are seen too.
    if (this.errors.length && !probing()) throw new ValidationError(this.errors);
  }
}
