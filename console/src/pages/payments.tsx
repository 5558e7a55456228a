/** Payments: search by order id, trans_id, card last four, status and dates; newest first, a page at a time. */
import { useState } from 'preact/hooks';
import { api, qs } from '../api.js';
import type { PageProps } from '../app.js';
import { Loading, Table, time, useLoad } from '../ui.js';
import type { ConsolePaymentsAnswer } from '../answers.js';

const FIELDS = [
  ['order_id', 'Order id'],
  ['trans_id', 'Trans id'],
  ['card_last4', 'Card last four'],
] as const;

export function Payments({ merchant }: PageProps) {
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [form, setForm] = useState<Record<string, string>>({});
  const [cursor, setCursor] = useState<string | undefined>();
  const { data, error } = useLoad(
    () => api.get<ConsolePaymentsAnswer>(`/payments${qs({ client_key: merchant, ...filters, cursor })}`),
    [merchant, filters, cursor],
  );
  const set = (k: string) => (e: Event) => setForm({ ...form, [k]: (e.target as HTMLInputElement).value });
  return (
    <section>
      <h1>Payments</h1>
      <form
        class="filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setCursor(undefined);
          setFilters({ ...form });
        }}
      >
        {FIELDS.map(([k, label]) => (
          <label>
            {label} <input name={k} value={form[k] ?? ''} onInput={set(k)} />
          </label>
        ))}
        <label>
          Status{' '}
          <select value={form.status ?? ''} onChange={set('status')}>
            <option value="">any</option>
            {['SETTLED', 'DECLINED', 'PENDING', '3DS', 'REDIRECT', 'PREPARE', 'REFUND', 'REVERSAL', 'VOID', 'CHARGEBACK'].map((s) => (
              <option>{s}</option>
            ))}
          </select>
        </label>
        <label>
          From <input type="date" value={form.from ?? ''} onInput={set('from')} />
        </label>
        <label>
          To <input type="date" value={form.to ?? ''} onInput={set('to')} />
        </label>
        <button type="submit">Search</button>
      </form>
      {!data ? (
        <Loading error={error} />
      ) : (
        <>
          <Table
            label="Payments"
            head={['Created', 'Trans id', 'Order id', 'Action', 'Status', 'Amount', 'Card']}
            rows={data.payments.map((p) => [
              time(p.createdAt),
              <a href={`#/payments/${p.transId}`}>{p.transId}</a>,
              p.orderId,
              p.action,
              <span class={`status s-${p.status}`}>{p.status}</span>,
              `${p.amount} ${p.currency}`,
              p.card ?? '',
            ])}
          />
          {data.cursor && <button onClick={() => setCursor(data.cursor)}>Older payments</button>}
        </>
      )}
    </section>
  );
}
