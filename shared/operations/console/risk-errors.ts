/**
 * The risk operations' refusals (operations/risk/manage-errors.ts, the CLI's texts) in the console's format: every
 * problem one field error of the body field that carried it (400); something that does not exist a 404.
 */
import { ValidationError } from '../../domain/errors.js';
import { RiskChangeError } from '../risk/manage-errors.js';
import { ConsoleNotFoundError } from './errors.js';

/** `notFound`: the console's text for what does not exist (its own words: the CLI's name admin commands). */
export async function asConsoleRefusal<T>(field: string, notFound: string, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (err) {
    if (err instanceof RiskChangeError && err.kind === 'invalid')
      throw new ValidationError(err.problems.map((message) => ({ field, message })));
    if (err instanceof RiskChangeError) throw new ConsoleNotFoundError(notFound);
    throw err;
  }
}

/** A zod result's issues as field errors. */
export function invalidBody(issues: { path: PropertyKey[]; message: string }[]): ValidationError {
  return new ValidationError(issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message })));
}
