/**
 * One payment: its summary, refund / void / capture with confirmation (one idempotency key per dialog, so a double
 * click makes one attempt), and its timeline of transactions and callback deliveries, each callback replayable.
 */
import { useState } from 'preact/hooks';
import { api, idempotencyKey } from '../api.js';
import type { PageProps } from '../app.js';
import { Dialog, Loading, Message, Table, time, useLoad } from '../ui.js';
import type { ConsolePaymentActionAnswer, ConsolePaymentAnswer } from '../answers.js';

type Action = 'refund' | 'void' | 'capture';

export function PaymentPage({ user, transId }: PageProps & { transId: string }) {
  const { data, error, reload } = useLoad(() => api.get<ConsolePaymentAnswer>(`/payments/${encodeURIComponent(transId)}`), [transId]);
  const [action, setAction] = useState<{ name: Action; key: string } | undefined>();
  const [amount, setAmount] = useState('');
  const [msg, setMsg] = useState<{ error?: string; ok?: string }>({});
  const canChange = user.role !== 'merchant-viewer';

  if (!data) return <Loading error={error} />;
  const p = data.payment;
  const open = (name: Action) => {
    setAmount(name === 'void' ? '' : p.amount);
    setAction({ name, key: idempotencyKey() });
  };
  const confirm = async () => {
    if (!action) return;
    try {
      const r = await api.post<ConsolePaymentActionAnswer>(`/payments/${encodeURIComponent(transId)}/${action.name}`, {
        idempotency_key: action.key,
        ...(action.name !== 'void' && amount ? { amount } : {}),
      });
      setMsg({ ok: `${r.operation}: ${r.result}${r.declineReason ? ` (${r.declineReason})` : ''}` });
    } catch (err) {
      setMsg({ error: (err as Error).message });
    }
    setAction(undefined);
    reload();
  };
  const replay = async (seq: number) => {
    try {
      await api.post('/callbacks/replay', { trans_id: transId, callback: seq });
      setMsg({ ok: `Callback #${seq} queued again.` });
    } catch (err) {
      setMsg({ error: (err as Error).message });
    }
    reload();
  };
  return (
    <section>
      <h1>Payment {p.transId}</h1>
      <dl class="facts">
        <dt>Status</dt>
        <dd class={`status s-${p.status}`}>{p.status}</dd>
        <dt>Action</dt>
        <dd>{p.action}</dd>
        <dt>Order id</dt>
        <dd>{p.orderId}</dd>
        <dt>Amount</dt>
        <dd>
          {p.amount} {p.currency}
        </dd>
        <dt>Card</dt>
        <dd>{p.card ?? '—'}</dd>
        {p.risk && (
          <>
            <dt>Risk decision</dt>
            <dd>
              {p.risk.control}: {p.risk.reason}
            </dd>
          </>
        )}
        <dt>Created</dt>
        <dd>{time(p.createdAt)}</dd>
        {p.lateOutcomes?.length ? (
          <>
            <dt>Late acquirer outcomes</dt>
            <dd class="attention">
              {p.lateOutcomes
                .map((o) => `${o.event} ${o.amount} ${p.currency}: ${o.handling}${o.reversal ? ` ${o.reversal}` : ''}`)
                .join('; ')}
            </dd>
          </>
        ) : null}
      </dl>
      {canChange && (
        <div class="actions">
          <button onClick={() => open('refund')}>Refund</button>
          <button onClick={() => open('void')}>Void</button>
          <button onClick={() => open('capture')}>Capture</button>
          <button onClick={reload}>Refresh</button>
        </div>
      )}
      <Message {...msg} />
      {action && (
        <Dialog title={`Confirm ${action.name}`} onClose={() => setAction(undefined)}>
          <p>
            {action.name === 'void' ? 'Void' : action.name === 'refund' ? 'Refund' : 'Capture'} payment {p.transId} ({p.amount} {p.currency}
            )?
          </p>
          {action.name !== 'void' && (
            <label>
              Amount ({p.currency}) <input value={amount} onInput={(e) => setAmount((e.target as HTMLInputElement).value)} />
            </label>
          )}
          <div class="actions">
            <button onClick={confirm}>Confirm {action.name}</button>
            <button onClick={() => setAction(undefined)}>Cancel</button>
          </div>
        </Dialog>
      )}
      <h2>Timeline</h2>
      <Table
        label="Timeline"
        head={['Time', 'Kind', 'What', 'Result', '']}
        rows={data.timeline.map((e) => [
          time(e.at),
          e.kind,
          e.what,
          e.result,
          e.kind === 'callback' && canChange && e.seq !== undefined ? <button onClick={() => replay(e.seq!)}>Replay #{e.seq}</button> : '',
        ])}
      />
    </section>
  );
}
