/**
 * `ledger repair [--merchant KEY]`: journals the movements a payment has no journal for (records the stream consumer
 * never took: a batch on its failure queue, a consumer more than a day behind). Appends only: a journal that exists
 * is left as it is. A fee of a repaired journal is computed by the schedules of now, and it is journaled now: the
 * settlement batch of the repair's day (on the merchant's clock) takes it.
 */
import type { Deps } from '../deps.js';
import type { FeeSchedules, Ledger } from '../../ports/ledger.js';
import { journalChanges } from './journal-changes.js';

export async function repairLedger(
  d: Pick<Deps, 'merchants' | 'payments' | 'clock'>,
  ledger: Ledger,
  fees: FeeSchedules,
  opts: { merchant?: string } = {},
): Promise<{ payments: number; written: number }> {
  const keys = opts.merchant ? [opts.merchant] : (await d.merchants.list()).map((m) => m.clientKey);
  if (opts.merchant && !(await d.merchants.get(opts.merchant))) throw new Error(`No merchant with client key ${opts.merchant}.`);
  let payments = 0;
  let written = 0;
  for (const clientKey of keys) {
    const { payments: listed } = await d.payments.listForMerchant(clientKey, { limit: 1_000_000 });
    for (const p of listed) {
      payments++;
      // The payment as a creation: every movement it has, each put only where missing.
      written += (await journalChanges(ledger, fees, [{ new: p }], d.clock)).written;
    }
  }
  return { payments, written };
}
