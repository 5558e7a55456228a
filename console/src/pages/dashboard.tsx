/**
 * The dashboard: payments per hour (per day over 30 days), approval rate, callback delivery success and undetermined
 * payments, as uPlot charts with their totals written out (what a screen reader reads, and what the charts show).
 * The figures come from hourly counters the platform keeps from its table's stream: a payment shows within seconds.
 */
import { useState } from 'preact/hooks';
import { api, qs } from '../api.js';
import type { PageProps } from '../app.js';
import { Chart } from '../chart.js';
import { Loading, useLoad } from '../ui.js';
import type { ConsoleBucket as Bucket, ConsoleDashboardAnswer } from '../answers.js';

const pct = (a: number, b: number) => (b ? Math.round((1000 * a) / b) / 10 : null);

export function Dashboard({ user, merchant }: PageProps) {
  const [range, setRange] = useState<'24h' | '30d'>('24h');
  const [all, setAll] = useState(user.role === 'operator');
  const { data, error } = useLoad(
    () => api.get<ConsoleDashboardAnswer>(`/dashboard${qs({ range, client_key: all ? undefined : merchant })}`),
    [range, merchant, all],
  );
  if (!data) return <Loading error={error} />;
  const b = data.buckets;
  const x = b.map((k) => Date.parse(k.start) / 1000);
  const sum = (f: (k: Bucket) => number) => b.reduce((s, k) => s + f(k), 0);
  const payments = sum((k) => k.payments);
  const approved = sum((k) => k.approved);
  const declined = sum((k) => k.declined);
  const delivered = sum((k) => k.callbacksDelivered);
  const failed = sum((k) => k.callbacksFailed);
  const unit = range === '24h' ? 'hour' : 'day';
  return (
    <section>
      <h1>Dashboard</h1>
      <div class="filters">
        <label>
          Range{' '}
          <select value={range} onChange={(e) => setRange((e.target as HTMLSelectElement).value as '24h' | '30d')}>
            <option value="24h">last 24 hours</option>
            <option value="30d">last 30 days</option>
          </select>
        </label>
        {user.role === 'operator' && (
          <label class="switch">
            <input type="checkbox" checked={all} onChange={(e) => setAll((e.target as HTMLInputElement).checked)} /> All merchants
          </label>
        )}
      </div>
      <dl class="totals" aria-label="Totals">
        <div>
          <dt>Payments</dt>
          <dd data-total="payments">{payments}</dd>
        </div>
        <div>
          <dt>Approved</dt>
          <dd data-total="approved">{approved}</dd>
        </div>
        <div>
          <dt>Declined</dt>
          <dd data-total="declined">{declined}</dd>
        </div>
        <div>
          <dt>Approval rate</dt>
          <dd data-total="approval">{pct(approved, approved + declined) ?? '—'}%</dd>
        </div>
        <div>
          <dt>Callback delivery success</dt>
          <dd data-total="callbacks">{pct(delivered, delivered + failed) ?? '—'}%</dd>
        </div>
        <div>
          <dt>Undetermined</dt>
          <dd data-total="undetermined">{sum((k) => k.undetermined)}</dd>
        </div>
      </dl>
      <div class="charts">
        <Chart
          title={`Payments per ${unit}`}
          x={x}
          series={[
            { label: 'Payments', values: b.map((k) => k.payments), color: '#2457c5' },
            { label: 'Approved', values: b.map((k) => k.approved), color: '#1b7f3b' },
            { label: 'Declined', values: b.map((k) => k.declined), color: '#b5461b' },
          ]}
        />
        <Chart
          title="Approval rate (%)"
          x={x}
          series={[{ label: 'Approved %', values: b.map((k) => pct(k.approved, k.approved + k.declined)), color: '#1b7f3b' }]}
        />
        <Chart
          title="Callback delivery success (%)"
          x={x}
          series={[
            {
              label: 'Delivered %',
              values: b.map((k) => pct(k.callbacksDelivered, k.callbacksDelivered + k.callbacksFailed)),
              color: '#7a3fb0',
            },
          ]}
        />
        <Chart
          title={`Undetermined payments per ${unit}`}
          x={x}
          series={[{ label: 'Undetermined', values: b.map((k) => k.undetermined), color: '#b5461b' }]}
        />
      </div>
    </section>
  );
}
