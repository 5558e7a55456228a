/**
 * Field-read probe: lets the OpenAPI generator (scripts/openapi) learn each action's request fields from the very
 * readers the handlers validate with (FieldReader for the S2S forms), instead
 * of a second, hand-written list that would drift. While a probe runs, every read is reported with its rule and
 * validation does not stop at the first problem, so one run over an empty request sees every field read before the
 * action touches storage. Nothing sets a probe while serving: without one, the readers behave exactly as before.
 */
import type { FieldRule } from './fields.js';

export type FieldReadKind = 'required' | 'optional' | 'flag' | 'object' | 'raw';

export interface FieldRead {
  name: string;
  kind: FieldReadKind;
  rule?: FieldRule;
}

let active: FieldRead[] | undefined;

export function reportFieldRead(name: string, kind: FieldReadKind, rule?: FieldRule): void {
  active?.push({ name, kind, ...(rule && Object.keys(rule).length ? { rule } : {}) });
}

/** True only inside probeFieldReads: readers then collect problems instead of throwing. */
export function probing(): boolean {
  return active !== undefined;
}

/** Runs `fn` (one action over an empty request) and returns the fields it read. Not re-entrant: one probe at a time. */
export async function probeFieldReads(fn: () => Promise<unknown>): Promise<{ reads: FieldRead[]; stoppedBy?: unknown }> {
  if (active) throw new Error('probeFieldReads is not re-entrant');
  const reads: FieldRead[] = [];
  active = reads;
  try {
    await fn();
    return { reads };
  } catch (err) {
    return { reads, stoppedBy: err };
  } finally {
    active = undefined;
  }
}
