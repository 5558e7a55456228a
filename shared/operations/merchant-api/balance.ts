/**
 * GET /api/v1/merchant/balance: what the platform owes the merchant, per currency, in minor units (its payable:
 * captures less refunds, chargebacks, payouts and fees), over every journal written so far, settled or not.
 */
import type { Ledger } from '../../ports/ledger.js';
import type { BalanceAnswer } from '../../protocol/merchant-api/answers.js';

export type { BalanceAnswer };

export async function merchantBalance(ledger: Ledger, clientKey: string): Promise<BalanceAnswer> {
  const balances = await ledger.balances(clientKey);
  return {
    balances: balances
      .map(({ currency, payable, reserve, journals }) => ({ currency, payable, reserve, journals }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}
