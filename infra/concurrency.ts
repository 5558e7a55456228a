/**
 * Reserved concurrency must fit the account: Lambda refuses a reservation that would leave the region fewer than
 * 100 unreserved executions, and a stage whose reservations do not fit fails half-way through its deploy. Checked
 * at synth instead, with the quota the deployer names (`-c concurrencyQuota=N`; AWS's default is 1,000).
 */

/** AWS's default regional concurrency quota of a new account. */
export const DEFAULT_CONCURRENCY_QUOTA = 1000;
/** What Lambda keeps unreserved, whatever the functions reserve. */
export const UNRESERVED_MINIMUM = 100;

/** Throws, naming the settings to change, when `reservations` (one per function that reserves) exceed the quota's room. */
export function checkReservedConcurrency(stage: string, reservations: readonly number[], quota: number): void {
  const total = reservations.reduce((a, b) => a + b, 0);
  const room = quota - UNRESERVED_MINIMUM;
  if (total > room) {
    throw new Error(
      `Stage "${stage}" reserves ${total} concurrent executions (${reservations.length} functions), more than the ${room} ` +
        `a regional quota of ${quota} leaves beside the ${UNRESERVED_MINIMUM} Lambda keeps unreserved: ` +
        `lower -c reservedConcurrency=N (per route; 0 reserves none) or, after raising the account's quota, set -c concurrencyQuota=N`,
    );
  }
}
