/** The callback delivery log: every POST to the merchant's URL, newest first; a payment's timeline replays one. */
import { api, qs } from '../api.js';
import type { PageProps } from '../app.js';
import { Loading, Table, time, useLoad } from '../ui.js';

interface Attempt {
  transId: string;
  seq: number;
  url: string;
  attempt: number;
  at: string;
  latencyMs: number;
  outcome: string;
  httpStatus?: number;
  error?: string;
}

export function Callbacks({ merchant }: PageProps) {
  const { data, error } = useLoad(() => api.get<{ attempts: Attempt[] }>(`/callbacks${qs({ client_key: merchant })}`), [merchant]);
  return (
    <section>
      <h1>Callback deliveries</h1>
      {!data ? (
        <Loading error={error} />
      ) : (
        <Table
          label="Callback deliveries"
          head={['Time', 'Payment', 'Callback', 'URL', 'Attempt', 'Outcome', 'Latency']}
          rows={data.attempts.map((a) => [
            time(a.at),
            <a href={`#/payments/${a.transId}`}>{a.transId.slice(0, 8)}…</a>,
            `#${a.seq}`,
            a.url,
            a.attempt,
            <span class={a.outcome === 'DELIVERED' ? 'good' : 'bad'}>{`${a.outcome} ${a.httpStatus ?? ''} ${a.error ?? ''}`.trim()}</span>,
            `${a.latencyMs} ms`,
          ])}
        />
      )}
    </section>
  );
}
