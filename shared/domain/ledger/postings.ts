/**
 * The journal of each movement (movements.ts) with its fee: which accounts it debits and credits (docs/ledger.md).
 * The fee is in the movement's own journal, so it is decided once with it: a replay after the schedule changed
 * finds the journal written and adds no fee (and no second one).
 */
import type { Payment } from '../payment.js';
import { accounts } from './accounts.js';
import { journalId, type Journal, type JournalLine } from './journal.js';
import type { Movement } from './movements.js';

const line = (account: string, side: JournalLine['side'], amount: number): JournalLine => ({ account, side, amount });

export function journalOf(p: Payment, m: Movement, fee = 0): Journal {
  const payable = accounts.merchantPayable(p.clientKey, p.currency);
  const receivable = accounts.acquirerReceivable(p.midId, p.currency);
  const lines: JournalLine[] =
    m.kind === 'capture'
      ? // The acquirer owes us the captured money; we owe it to the merchant.
        [line(receivable, 'debit', m.amount), line(payable, 'credit', m.amount)]
      : m.kind === 'chargeback'
        ? // The acquirer debited the dispute; the merchant bears it.
          [line(payable, 'debit', m.amount), line(accounts.chargebacks(p.midId, p.currency), 'credit', m.amount)]
        : m.kind === 'chargeback_reversal'
          ? // The dispute was won: the acquirer gives the money back, and so do we.
            [line(accounts.chargebacks(p.midId, p.currency), 'debit', m.amount), line(payable, 'credit', m.amount)]
          : // refund, void, payout: money goes back (or out) through the acquirer, funded by the merchant.
            [line(payable, 'debit', m.amount), line(receivable, 'credit', m.amount)];
  // The platform's fee, charged to the merchant's payable.
  if (fee > 0) lines.push(line(payable, 'debit', fee), line(accounts.feeRevenue(p.currency), 'credit', fee));
  return {
    id: journalId(p.transId, m.entryId, m.kind),
    transId: p.transId,
    entryId: m.entryId,
    event: m.event,
    kind: m.kind,
    clientKey: p.clientKey,
    midId: p.midId,
    currency: p.currency,
    at: m.at,
    amount: m.amount,
    fee,
    lines,
  };
}
