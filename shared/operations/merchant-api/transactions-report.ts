/**
 * GET /api/v1/merchant/reports/transactions?from=…&to=…[&format=csv]: every movement of the merchant's money journaled
 * in [from, to) — each capture (payment), refund, void, payout and chargeback — with its fee and its settlement batch,
 * oldest first, a page at a time (never the whole range in memory). The batch of a row follows from when it was
 * journaled (its merchant's day and currency); `settlement_status` says whether that batch is closed yet.
 */
import { ValidationError } from '../../domain/errors.js';
import { InvalidCursorError, type Ledger, type Settlements } from '../../ports/ledger.js';
import { accounts } from '../../domain/ledger/accounts.js';
import { settlementId } from '../../domain/ledger/settlement.js';
import type { Journal } from '../../domain/ledger/journal.js';
import { instantParam, intParam, type Query, type QueryParams } from './query.js';
import type { TransactionRow, TransactionsPage } from '../../protocol/merchant-api/answers.js';

export type { TransactionRow, TransactionsPage };

export const REPORT_COLUMNS: (keyof TransactionRow)[] = [
  'trans_id',
  'entry_id',
  'event',
  'kind',
  'currency',
  'amount',
  'fee',
  'net',
  'mid_id',
  'occurred_at',
  'journaled_at',
  'settlement_id',
  'settlement_status',
];

export const REPORT_QUERY = {
  from: { kind: 'instant', required: true, about: 'ISO 8601 instant, inclusive (by journaled_at).' },
  to: { kind: 'instant', required: true, about: 'ISO 8601 instant, exclusive.' },
  format: { kind: 'choice', values: ['json', 'csv'], about: 'json (default) or csv.' },
  limit: { kind: 'int', min: 1, max: 1000, default: 500, about: 'Rows per page, 1..1000, default 500.' },
  cursor: { kind: 'text', about: 'next_cursor (JSON) or the X-Next-Cursor header (CSV) of the previous page.' },
} as const satisfies QueryParams;

export function reportFormat(query: Query): 'json' | 'csv' {
  const f = query.format ?? 'json';
  if (f !== 'json' && f !== 'csv') throw ValidationError.field('format', 'This value should be json or csv.');
  return f;
}

export async function transactionsReport(
  ledger: Ledger,
  settlements: Settlements,
  clientKey: string,
  query: Query,
): Promise<TransactionsPage> {
  const from = instantParam(query, 'from');
  const to = instantParam(query, 'to');
  if (!from) throw ValidationError.field('from', 'This value should not be blank.');
  if (!to) throw ValidationError.field('to', 'This value should not be blank.');
  if (to <= from) throw ValidationError.field('to', 'This value should be after from.');
  const limit = intParam(query, 'limit', REPORT_QUERY.limit);
  let page: { journals: Journal[]; cursor?: string };
  try {
    page = await ledger.journaledBetween(clientKey, from, to, { limit, cursor: query.cursor || undefined });
  } catch (err) {
    if (err instanceof InvalidCursorError) throw ValidationError.notCorrect('cursor');
    throw err;
  }
  // One read per batch the page names (a page spans a few days at most), not per row.
  const closed = new Map<string, Promise<boolean>>();
  const isClosed = (id: string) => closed.get(id) ?? closed.set(id, settlements.get(id).then(Boolean)).get(id)!;
  const rows = await Promise.all(page.journals.map(async (j) => row(j, await isClosed(batchOf(j)))));
  return { transactions: rows, next_cursor: page.cursor ?? null };
}

const batchOf = (j: Journal) => settlementId(j.clientKey, j.journaledAt!.slice(0, 10), j.currency);

function row(j: Journal, closed: boolean): TransactionRow {
  const payable = accounts.merchantPayable(j.clientKey, j.currency);
  const net = j.lines.filter((l) => l.account === payable).reduce((s, l) => s + (l.side === 'credit' ? l.amount : -l.amount), 0);
  return {
    trans_id: j.transId,
    entry_id: j.entryId,
    event: j.event,
    kind: j.kind,
    currency: j.currency,
    amount: j.amount,
    fee: j.fee,
    net,
    mid_id: j.midId,
    occurred_at: j.at,
    journaled_at: j.journaledAt!,
    settlement_id: batchOf(j),
    settlement_status: closed ? 'closed' : 'pending',
  };
}

/** The page as CSV (RFC 4180): a header line, then one line per row; a field with a comma, quote or newline is quoted. */
export function transactionsCsv(page: TransactionsPage): string {
  const cell = (v: unknown) => {
    const s = String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [REPORT_COLUMNS.join(','), ...page.transactions.map((r) => REPORT_COLUMNS.map((c) => cell(r[c])).join(','))]
    .map((l) => `${l}\r\n`)
    .join('');
}
