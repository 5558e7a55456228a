/**
 * The journal of each movement (movements.ts) and of its fee: which accounts it debits and credits (docs/ledger.md).
 */
import type { Payment } from '../payment.js';
import { accounts } from './accounts.js';
import { journalId, type Journal, type JournalLine } from './journal.js';
import type { Movement } from './movements.js';

const line = (account: string, side: JournalLine['side'], amount: number): JournalLine => ({ account, side, amount });

export function journalOf(p: Payment, m: Movement): Journal {
  const payable = accounts.merchantPayable(p.clientKey, p.currency);
  const receivable = accounts.acquirerReceivable(p.midId, p.currency);
  const lines: JournalLine[] =
    m.kind === 'capture'
      ? // The acquirer owes us the captured money; we owe it to the merchant.
        [line(receivable, 'debit', m.amount), line(payable, 'credit', m.amount)]
      : m.kind === 'chargeback'
        ? // The acquirer debited the dispute; the merchant bears it.
          [line(payable, 'debit', m.amount), line(accounts.chargebacks(p.midId, p.currency), 'credit', m.amount)]
        : // refund, void, payout: money goes back (or out) through the acquirer, funded by the merchant.
          [line(payable, 'debit', m.amount), line(receivable, 'credit', m.amount)];
  return base(p, m, m.kind, lines);
}

/** The platform's fee for a movement, charged to the merchant's payable. */
export function feeJournalOf(p: Payment, m: Movement, fee: number): Journal {
  return base(p, m, 'fee', [line(accounts.merchantPayable(p.clientKey, p.currency), 'debit', fee), line(accounts.feeRevenue(p.currency), 'credit', fee)]);
}

function base(p: Payment, m: Movement, kind: Journal['kind'], lines: JournalLine[]): Journal {
  return { id: journalId(p.transId, m.entryId, kind), transId: p.transId, entryId: m.entryId, event: m.event, kind, clientKey: p.clientKey, midId: p.midId, currency: p.currency, at: m.at, lines };
}
