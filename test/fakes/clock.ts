/**
 * The Clock port (shared/ports/clock.ts) held still: a test moves it itself, so a claim's lock, a VOID's day or a
 * MID's cool-down run out exactly when the test says (no test waits for the real time). And the `newId` port:
 * counting ids, so a test can name the id an operation will take.
 */
import type { Clock } from '../../shared/ports/clock.js';

/** The instant the fakes start at unless a test names another. */
export const NOW = '2030-05-05T12:00:00.000Z';

export class FakeClock implements Clock {
  private at: number;

  constructor(start: string | Date = NOW) {
    this.at = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  /** Moves the clock to `to`. */
  set(to: string | Date): void {
    this.at = new Date(to).getTime();
  }

  advance(ms: number): void {
    this.at += ms;
  }
}

/** `id-1`, `id-2`, … (the `newId` port). */
export function countingIds(prefix = 'id'): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}
