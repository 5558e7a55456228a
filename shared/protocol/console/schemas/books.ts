/** The books (docs/ledger.md "Reports"): minor units of each row's currency. */
import { z } from 'zod';
import { cursor, int, minor, str, time } from './kit.js';

export const ConsoleBalance = z.strictObject({ currency: str, payable: minor, journals: int });

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
      .strictObject({ currency: str, feeRevenue: minor, payable: minor, journals: int })
      .meta({ description: "The platform's fee revenue and what it owes its merchants, per currency." }),
  ),
  /** Payables by merchant (merchants whose books have a journal). */
  merchants: z.array(
    z.strictObject({
      clientKey: str,
      name: str,
      balances: z.array(z.strictObject({ currency: str, payable: minor, fees: minor, journals: int })),
    }),
  ),
});
