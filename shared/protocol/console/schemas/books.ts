/** The books (docs/ledger.md "Reports"): minor units of each row's currency. */
import { z } from 'zod';
import { cursor, int, minor, str, time } from './kit.js';

export const ConsoleBalance = z
  .strictObject({
    currency: str,
    /** What the platform owes the merchant now: after the reserve its batches hold. */
    payable: minor,
    /** Held in its rolling reserve: owed too, paid when a later batch releases it. */
    reserve: minor,
    journals: int,
  })
  .meta({ description: 'payable: owed now, after the reserve held; reserve: held in the rolling reserve, paid when released.' });

export const ConsoleBalancesAnswer = z.strictObject({ clientKey: str, balances: z.array(ConsoleBalance) });

export const ConsoleSettlement = z
  .strictObject({
    id: str,
    date: str,
    currency: str,
    gross: minor,
    refunds: minor,
    chargebacks: minor,
    chargebacks_reversed: minor,
    payouts: minor,
    fees: minor,
    net: minor,
    reserve_held: minor,
    reserve_released: minor,
    net_payable: minor,
    journals: int,
    closed_at: time,
  })
  .meta({
    id: 'ConsoleSettlement',
    description: 'A closed settlement batch: net = gross − refunds − chargebacks + chargebacks_reversed − payouts − fees (docs/ledger.md).',
  });

export const ConsoleSettlementsAnswer = z.strictObject({ settlements: z.array(ConsoleSettlement), cursor });

export const ConsoleSettlementAnswer = z.strictObject({ settlement: ConsoleSettlement });

export const ConsolePlatformBooksAnswer = z.strictObject({
  /** Per currency: the platform's fee revenue and what it owes all its merchants. */
  currencies: z.array(
    z
      .strictObject({ currency: str, feeRevenue: minor, payable: minor, reserve: minor, journals: int })
      .meta({ description: "The platform's fee revenue, what it owes its merchants and what their reserves hold, per currency." }),
  ),
  /** Payables by merchant (merchants whose books have a journal), each with the reserve held for it. */
  merchants: z.array(
    z.strictObject({
      clientKey: str,
      name: str,
      balances: z.array(z.strictObject({ currency: str, payable: minor, reserve: minor, fees: minor, journals: int })),
    }),
  ),
});
