/**
 * A callback's node CPU split by who spends it, from two steady runs at the same rate with the event-driven functions
 * in their own processes: SALEs with callbacks, and SALEs of a merchant without (quiet). Per SALE, in ms:
 * - sale: the quiet run's whole CPU (gateway, the SALE's function, the stream records it makes, its counters);
 * - functions: our callback functions' processes (CallbackDeliver, OutboxStream) and what the callback adds to
 *   PaymentChanges' (the counters');
 * - standIns: what the callback adds to the platform's process, where the local stand-ins for AWS's event sources
 *   run (the SQS mapping's receive and delete against moto, the callback items' stream records, handing events to
 *   the function processes): Lambda's service does this on AWS, at no CPU of ours.
 */
import type { LoadResult } from './load.js';

export interface CallbackSplit {
  sale: number;
  functions: number;
  byFunction: Record<string, number>;
  standIns: number;
}

/** `functions`: the processes of the callback path's functions (the others idle through both runs). */
export function callbackSplit(withCallbacks: LoadResult, quiet: LoadResult, functions: readonly string[]): CallbackSplit {
  const per = (r: LoadResult, name: string) => (r.cpuBy[name] ?? 0) / Math.max(1, r.requests - r.non2xx);
  const byFunction = Object.fromEntries(
    functions.map((name) => [name, per(withCallbacks, name) - per(quiet, name)] as const).filter(([, ms]) => Math.abs(ms) >= 0.005),
  );
  return {
    sale: quiet.cpuMs / Math.max(1, quiet.requests - quiet.non2xx),
    functions: Object.values(byFunction).reduce((a, b) => a + b, 0),
    byFunction,
    standIns: per(withCallbacks, 'platform') - per(quiet, 'platform'),
  };
}
