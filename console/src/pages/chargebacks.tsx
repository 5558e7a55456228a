/**
 * Chargebacks: the merchant's charged-back payments, and (operators) opening one for a payment as the acquirer
 * reported it — the chargeback operation records it once and sends the merchant its CHARGEBACK callback.
 */
import { useState } from 'preact/hooks';
import { api, qs } from '../api.js';
import type { PageProps } from '../app.js';
import { Loading, Message, Table, time, useLoad } from '../ui.js';
import type { ConsoleChargebackOpenAnswer, ConsoleChargebacksAnswer } from '../answers.js';

export function Chargebacks({ user, merchant }: PageProps) {
  const [cursor, setCursor] = useState<string | undefined>();
  const { data, error, reload } = useLoad(
    () => api.get<ConsoleChargebacksAnswer>(`/chargebacks${qs({ client_key: merchant, cursor })}`),
    [merchant, cursor],
  );
  const [form, setForm] = useState({ trans_id: '', amount: '', reason_code: '', bank_date: '' });
  const [msg, setMsg] = useState<{ error?: string; ok?: string }>({});
  const set = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.target as HTMLInputElement).value });
  const open = async (e: Event) => {
    e.preventDefault();
    try {
      const r = await api.post<ConsoleChargebackOpenAnswer>('/chargebacks', {
        trans_id: form.trans_id.trim(),
        amount: form.amount.trim(),
        reason_code: form.reason_code.trim(),
        ...(form.bank_date ? { bank_date: form.bank_date } : {}),
      });
      setCursor(undefined);
      setMsg({
        ok: r.duplicate
          ? 'This chargeback was recorded already: nothing changed.'
          : `Chargeback of ${r.amount} ${r.currency} recorded; the payment is ${r.status}.`,
      });
      reload();
    } catch (err) {
      setMsg({ error: (err as Error).message });
    }
  };
  return (
    <section>
      <h1>Chargebacks</h1>
      {user.role === 'operator' && (
        <form aria-label="Open a chargeback" onSubmit={open}>
          <h2>Open a chargeback</h2>
          <label>
            Trans id <input required value={form.trans_id} onInput={set('trans_id')} />
          </label>
          <label>
            Amount <input required placeholder="10.00" value={form.amount} onInput={set('amount')} />
          </label>
          <label>
            Reason code <input required placeholder="4837" value={form.reason_code} onInput={set('reason_code')} />
          </label>
          <label>
            Bank date <input type="date" value={form.bank_date} onInput={set('bank_date')} />
          </label>
          <button type="submit">Open chargeback</button>
          <Message {...msg} />
        </form>
      )}
      {!data ? (
        <Loading error={error} />
      ) : (
        <Table
          label="Chargebacks"
          head={['Payment', 'Order id', 'Payment amount', 'Charged back', 'Reason code', 'Bank date', 'Created']}
          rows={data.payments.map((p) => [
            <a href={`#/payments/${p.transId}`}>{p.transId}</a>,
            p.orderId,
            `${p.amount} ${p.currency}`,
            p.chargeback ? `${p.chargeback.amount} ${p.currency}` : '',
            p.chargeback?.reasonCode ?? '',
            p.chargeback?.bankDate ?? '',
            time(p.createdAt),
          ])}
        />
      )}
      {data?.cursor && <button onClick={() => setCursor(data.cursor)}>Older chargebacks</button>}
    </section>
  );
}
