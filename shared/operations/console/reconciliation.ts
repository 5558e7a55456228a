/**
 * The reconciliation work list (operators): payments with a transaction the acquirer has not answered, oldest first,
 * from the reconciler's own sparse index (no scan); and resolving one now by asking the acquirer — the reconciler's
 * operation for one payment (reconcilePayment) without its grace period, so its conditional write decides once.
 */
import * as z from '../../lib/zod-mini.js';
import { formatAmount, money } from '../../domain/money.js';
import { awaitingAcquirer } from '../../domain/undetermined.js';
import { reconcilePayment, type WithReconciliation } from '../reconciliation/reconcile.js';
import type { ConsoleReconciliationAnswer, ConsoleReconciliationInquireAnswer } from '../../protocol/console/answers.js';
import type { Deps } from '../deps.js';
import type { ConsoleContext } from './console-deps.js';
import { audited } from './audit.js';
import { loadPayment } from './payments.js';
import { operatorOnly, type Principal } from './roles.js';
import { paymentSummary } from './timeline.js';

export async function workList(
  cx: ConsoleContext<Pick<Deps, 'payments'> & WithReconciliation>,
  p: Principal,
  query: Record<string, string | undefined>,
): Promise<ConsoleReconciliationAnswer> {
  operatorOnly(p);
  const limit = z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 100).parse(query.limit ?? 100);
  // Everything waiting (whatever a sandbox's test clock says): the reconciler only takes those past its grace period.
  const entries = await cx.d.reconciliation.undetermined.waitingSince('9999-12-31T23:59:59.999Z', limit);
  const payments = await Promise.all(entries.map((e) => cx.d.payments.get(e.transId)));
  return {
    graceSeconds: cx.d.reconciliation.graceSeconds,
    giveUpSeconds: cx.d.reconciliation.giveUpSeconds,
    payments: entries.flatMap((e, i) => {
      const pay = payments[i];
      if (!pay) return [];
      return [
        {
          since: e.since,
          waiting: awaitingAcquirer(pay).map((t) => ({ type: t.type, date: t.date, amount: formatAmount(money(t.amount, pay.currency)) })),
          payment: paymentSummary(pay),
        },
      ];
    }),
  };
}

/** Asks the acquirer about the payment's waiting transactions now; a final answer resolves them with their callback. */
export async function inquireNow(
  cx: ConsoleContext<Pick<Deps, 'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId' | 'connectors'> & WithReconciliation>,
  p: Principal,
  transId: string,
): Promise<ConsoleReconciliationInquireAnswer> {
  operatorOnly(p);
  const payment = await loadPayment(cx, p, transId);
  const ctx = { deps: cx.d, graceSeconds: 0, giveUpSeconds: cx.d.reconciliation.giveUpSeconds };
  // The entry goes with the first resolution's write; an inquiry that resolved nothing is logged on its own.
  const r = await audited(cx, p, 'reconciliation.inquire', { clientKey: payment.clientKey, target: payment.transId }, (alongside) =>
    reconcilePayment(ctx, payment.transId, cx.d.clock.now().getTime(), { alongside }),
  );
  const now = await cx.d.payments.get(payment.transId);
  return { ...r, payment: paymentSummary(now ?? payment) };
}
