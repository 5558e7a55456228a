/**
 * The reconciliation work list (operators): payments with a transaction the acquirer has not answered, oldest first.
 * "Ask the acquirer" runs the reconciler's inquiry for that payment now; a final answer resolves it with its callback.
 */
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import type { PageProps } from '../app.js';
import { Loading, Message, Table, time, useLoad } from '../ui.js';
import type { ConsoleReconciliationAnswer, ConsoleReconciliationInquireAnswer } from '../answers.js';

export function Reconciliation(_: PageProps) {
  const { data, error, reload } = useLoad(() => api.get<ConsoleReconciliationAnswer>('/reconciliation'), []);
  const [msg, setMsg] = useState<{ error?: string; ok?: string }>({});
  const inquire = async (transId: string) => {
    try {
      const r = await api.post<ConsoleReconciliationInquireAnswer>(`/reconciliation/${encodeURIComponent(transId)}/inquire`);
      setMsg({
        ok: r.resolved
          ? `Resolved: the payment is ${r.payment.status}.`
          : `No final answer yet (${r.waiting} still waiting); the reconciler asks again.`,
      });
    } catch (err) {
      setMsg({ error: (err as Error).message });
    }
    reload();
  };
  return (
    <section>
      <h1>Reconciliation</h1>
      {data && (
        <p>
          Payments whose acquirer has not answered. The reconciler asks after {data.graceSeconds} s and declines after{' '}
          {Math.round(data.giveUpSeconds / 3600)} h without an answer.
        </p>
      )}
      <Message {...msg} />
      {!data ? (
        <Loading error={error} />
      ) : (
        <Table
          label="Undetermined payments"
          head={['Waiting since', 'Payment', 'Merchant', 'Status', 'Waiting for', '']}
          rows={data.payments.map((e) => [
            time(e.since),
            <a href={`#/payments/${e.payment.transId}`}>{e.payment.transId}</a>,
            e.payment.clientKey.slice(0, 8),
            e.payment.status,
            e.waiting.map((w) => `${w.type} ${w.amount} ${e.payment.currency}`).join(', '),
            <button onClick={() => inquire(e.payment.transId)}>Ask the acquirer</button>,
          ])}
        />
      )}
    </section>
  );
}
