/**
 * The books in the console (docs/ledger.md "Reports"): a merchant's balances, its settlement batches and the
 * transactions report as CSV, through the same operations as the merchant API's routes; and, for operators, the
 * platform-wide view: fee revenue per currency and what the platform owes each merchant.
 */
import type { Ledger, Settlements } from '../../ports/ledger.js';
import type { MerchantDirectory } from '../../ports/merchant-directory.js';
import type {
  ConsoleBalancesAnswer,
  ConsolePlatformBooksAnswer,
  ConsoleSettlementAnswer,
  ConsoleSettlementsAnswer,
} from '../../protocol/console/answers.js';
import { NotFoundError } from '../../domain/errors.js';
import { merchantBalance } from '../merchant-api/balance.js';
import { merchantSettlement, merchantSettlements } from '../merchant-api/settlements.js';
import { transactionsCsv, transactionsReport } from '../merchant-api/transactions-report.js';
import type { Query } from '../merchant-api/query.js';
import { ConsoleNotFoundError } from './errors.js';
import { merchantOf, operatorOnly, readMerchant, type Principal } from './roles.js';
import { parseSettlementId } from '../../domain/ledger/settlement.js';

const NOT_FOUND = 'No settlement with this id.';

type ConsoleQuery = Record<string, string | undefined>;

const merchantQuery = (query: ConsoleQuery): Query =>
  Object.fromEntries(Object.entries(query).filter(([k, v]) => k !== 'client_key' && v !== undefined && v !== '')) as Query;

export async function consoleBalances(ledger: Ledger, p: Principal, query: ConsoleQuery): Promise<ConsoleBalancesAnswer> {
  const clientKey = merchantOf(p, query.client_key);
  return { clientKey, ...(await merchantBalance(ledger, clientKey)) };
}

export async function consoleSettlements(settlements: Settlements, p: Principal, query: ConsoleQuery): Promise<ConsoleSettlementsAnswer> {
  const clientKey = merchantOf(p, query.client_key);
  const page = await merchantSettlements(settlements, clientKey, merchantQuery(query));
  return { settlements: page.settlements, ...(page.next_cursor ? { cursor: page.next_cursor } : {}) };
}

/** One batch: its id names its merchant, so another merchant's is answered like an unknown one. */
export async function consoleSettlement(settlements: Settlements, p: Principal, id: string): Promise<ConsoleSettlementAnswer> {
  const clientKey = id.length <= 200 ? parseSettlementId(id)?.clientKey : undefined;
  if (!clientKey) throw new ConsoleNotFoundError(NOT_FOUND);
  readMerchant(p, clientKey, NOT_FOUND);
  try {
    return { settlement: await merchantSettlement(settlements, clientKey, id) };
  } catch (err) {
    if (err instanceof NotFoundError) throw new ConsoleNotFoundError(NOT_FOUND);
    throw err;
  }
}

/** One page of the transactions report as CSV, and the next page's cursor (the console's download follows it). */
export async function consoleTransactionsCsv(
  ledger: Ledger,
  settlements: Settlements,
  p: Principal,
  query: ConsoleQuery,
): Promise<{ csv: string; nextCursor?: string }> {
  const clientKey = merchantOf(p, query.client_key);
  const page = await transactionsReport(ledger, settlements, clientKey, merchantQuery(query));
  return { csv: transactionsCsv(page), ...(page.next_cursor ? { nextCursor: page.next_cursor } : {}) };
}

/**
 * Operators: every merchant's balances (one Query of its balance items each: a read per merchant, bounded by the
 * number of merchants, never by the volume of payments) and their sums per currency: the fees are the platform's fee
 * revenue, the payables what it owes its merchants.
 */
export async function platformBooks(ledger: Ledger, merchants: MerchantDirectory, p: Principal): Promise<ConsolePlatformBooksAnswer> {
  operatorOnly(p);
  const all = await merchants.list();
  const rows = await Promise.all(
    all.map(async (m) => ({ clientKey: m.clientKey, name: m.name, balances: await ledger.balances(m.clientKey) })),
  );
  const totals = new Map<string, { currency: string; feeRevenue: number; payable: number; reserve: number; journals: number }>();
  for (const r of rows) {
    for (const b of r.balances) {
      const t = totals.get(b.currency) ?? { currency: b.currency, feeRevenue: 0, payable: 0, reserve: 0, journals: 0 };
      t.feeRevenue += b.fees;
      t.payable += b.payable;
      t.reserve += b.reserve;
      t.journals += b.journals;
      totals.set(b.currency, t);
    }
  }
  return {
    currencies: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    merchants: rows
      .filter((r) => r.balances.length > 0)
      .sort((a, b) => a.clientKey.localeCompare(b.clientKey))
      .map((r) => ({
        clientKey: r.clientKey,
        name: r.name,
        balances: r.balances.map((b) => ({
          currency: b.currency,
          payable: b.payable,
          reserve: b.reserve,
          fees: b.fees,
          journals: b.journals,
        })),
      })),
  };
}
