/**
 * Admin CLI, payments group (`npm run admin -- payments <command>`): a merchant's payments and one payment's
 * timeline (its transactions and every callback delivery attempt), as a table for people or `--json` for scripts.
 * Reads through the same adapters as the handlers, so it works on the local platform and on a deployed stage.
 */
import { parseArgs } from 'node:util';
import { depsWithClock, callbackDeps } from '../../shared/entry/composition/deps.js';
import { formatAmount, money } from '../../shared/domain/money.js';
import { maskCard, type Payment } from '../../shared/domain/payment.js';
import { paymentSummary as summary, paymentTimeline } from '../../shared/operations/console/timeline.js';
import { parseDuration } from '../../shared/operations/clock/manage.js';
import { renderTable } from './table.js';

export const PAYMENTS_USAGE = `usage: npm run admin -- payments <command> [--json]
  list --merchant CLIENT_KEY [--status S] [--since WHEN] [--limit N]
        newest first; S: SETTLED, DECLINED, PENDING, 3DS, REDIRECT, PREPARE, REFUND, REVERSAL, VOID, CHARGEBACK;
        WHEN: an ISO date or instant (2027-01-31) or a duration back from now (7d, 12h)
  show TRANS_ID     the payment and its timeline: transactions and callback deliveries

example:
  npm run admin -- payments list --merchant 5b6c… --status DECLINED --since 7d
  npm run admin -- payments show 0d9f3c1e-… --json | jq '.timeline'`;

const STATUSES = ['SETTLED', 'DECLINED', 'PENDING', '3DS', 'REDIRECT', 'PREPARE', 'REFUND', 'REVERSAL', 'VOID', 'CHARGEBACK'];

export type { TimelineEntry } from '../../shared/operations/console/timeline.js';

export async function runPaymentsCommand(argv: string[]): Promise<unknown> {
  const [cmd, ...args] = argv;
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      merchant: { type: 'string' },
      status: { type: 'string' },
      since: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !cmd || cmd === '--help' || cmd === 'help') return PAYMENTS_USAGE;
  switch (cmd) {
    case 'list':
      return list(values);
    case 'show': {
      const transId = positionals[0];
      if (!transId)
        throw new Error(
          `TRANS_ID is required, e.g. payments show 0d9f3c1e-…\nFind it with: npm run admin -- payments list --merchant CLIENT_KEY`,
        );
      return show(transId, values.json ?? false);
    }
    default:
      throw new Error(`Unknown payments command "${cmd}".\n${PAYMENTS_USAGE}`);
  }
}

async function list(values: { merchant?: string; status?: string; since?: string; limit?: string; json?: boolean }): Promise<unknown> {
  const d = await depsWithClock();
  if (!values.merchant) throw new Error('--merchant CLIENT_KEY is required. See the client keys with: npm run admin -- merchants list');
  const status = values.status?.toUpperCase();
  if (status && !STATUSES.includes(status))
    throw new Error(`--status ${values.status} is not a payment status. Use one of: ${STATUSES.join(', ')}`);
  const limit = Number(values.limit ?? 20);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new Error('--limit takes 1..1000, e.g. --limit 50');
  const since = values.since === undefined ? undefined : sinceInstant(values.since, d.clock.now());
  if (!(await d.merchants.get(values.merchant)))
    throw new Error(`No merchant with client key ${values.merchant}. See them with: npm run admin -- merchants list`);
  const { payments, more } = await d.payments.listForMerchant(values.merchant, { since, status, limit });
  if (values.json) return { payments: payments.map(summary), more };
  if (!payments.length) return `No payments${status ? ` with status ${status}` : ''}${since ? ` since ${since}` : ''}.`;
  const table = renderTable(
    ['CREATED', 'TRANS_ID', 'ACTION', 'STATUS', 'AMOUNT', 'ORDER_ID', 'CARD'],
    payments.map((p) => [
      p.createdAt.slice(0, 19).replace('T', ' '),
      p.transId,
      p.action,
      p.status,
      amountOf(p),
      p.orderId,
      p.card ? maskCard(p.card) : '',
    ]),
  );
  return more ? `${table}\n… more: narrow with --since, --status or raise --limit (now ${limit}).` : table;
}

async function show(transId: string, json: boolean): Promise<unknown> {
  const d = await depsWithClock();
  const payment = await d.payments.get(transId);
  if (!payment)
    throw new Error(`No payment ${transId}. List a merchant's payments with: npm run admin -- payments list --merchant CLIENT_KEY`);
  const timeline = await paymentTimeline(callbackDeps(), payment);
  const risk = payment.details.risk;
  if (json) return { payment: summary(payment), ...(risk ? { risk } : {}), timeline };
  const head = renderTable(
    ['TRANS_ID', 'MERCHANT', 'ACTION', 'STATUS', 'AMOUNT', 'ORDER_ID', 'CARD', 'MID'],
    [
      [
        payment.transId,
        payment.clientKey,
        payment.action,
        payment.status,
        amountOf(payment),
        payment.orderId,
        payment.card ? maskCard(payment.card) : '',
        payment.midId,
      ],
    ],
  );
  const rows = renderTable(
    ['TIME', 'KIND', 'WHAT', 'RESULT'],
    timeline.map((e) => [e.at.slice(0, 23).replace('T', ' '), e.kind, e.what, e.result]),
  );
  // Which risk control declined it, and why (docs/risk.md); the merchant's answer says only "Declined by risk rules.".
  const decided = risk ? `\n\nRisk\n${renderTable(['CONTROL', 'REASON'], [[risk.control, risk.reason]])}` : '';
  return `${head}${decided}\n\nTimeline\n${rows}`;
}

function amountOf(p: Payment): string {
  return `${formatAmount(money(p.amount, p.currency))} ${p.currency}`;
}

/** An ISO date/instant, or a duration back from the platform's now (the test clock's, on a sandbox). */
function sinceInstant(value: string, now: Date): string {
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) {
    const at = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
    if (!Number.isNaN(at)) return new Date(at).toISOString();
  }
  try {
    return new Date(now.getTime() - parseDuration(value)).toISOString();
  } catch {
    throw new Error(`--since ${value} is neither a date (2027-01-31, 2027-01-31T12:00:00Z) nor a duration (7d, 12h).`);
  }
}
