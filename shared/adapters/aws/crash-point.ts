/**
 * Crash points of the callback path and of a payment's reservation, for the crash-safety tests
 * (test/integration/callbacks/crash-platform.ts).
 */
import { getConfig } from '../../lib/config.js';

export type CrashStep = 'after-write' | 'after-send' | 'after-invoke' | 'during-delivery' | 'after-reservation';

/**
 * TEST ONLY: the crash-safety tests set CALLBACK_CRASH_AT so the process dies abruptly at one step of the callback
 * path (SIGKILL: no cleanup, no flushing), as a Lambda container would on a crash. A no-op unless that is set.
 */
export function crashPoint(step: CrashStep): void {
  if (getConfig().CALLBACK_CRASH_AT === step) process.kill(process.pid, 'SIGKILL');
}
