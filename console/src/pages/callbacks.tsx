/**
 * Callbacks: the ones that gave up (the DLQ view: retries spent, blocked behind a failed one, URL paused), each
 * replayable or all at once, and the delivery log of every POST to the merchant's URL, newest first.
 */
import { useState } from 'preact/hooks';
import { api, qs } from '../api.js';
import type { PageProps } from '../app.js';
import { Loading, Message, Table, time, useLoad } from '../ui.js';

import type {
  ConsoleCallbacksAnswer,
  ConsoleCallbacksFailedAnswer,
  ConsoleCallbacksReplayFailedAnswer,
  ConsoleFailedCallback,
} from '../answers.js';

export function Callbacks({ user, merchant }: PageProps) {
  const log = useLoad(() => api.get<ConsoleCallbacksAnswer>(`/callbacks${qs({ client_key: merchant })}`), [merchant]);
  const failed = useLoad(() => api.get<ConsoleCallbacksFailedAnswer>(`/callbacks/failed${qs({ client_key: merchant })}`), [merchant]);
  const [msg, setMsg] = useState<{ error?: string; ok?: string }>({});
  const canChange = user.role !== 'merchant-viewer';
  const done = (ok: string) => {
    setMsg({ ok });
    failed.reload();
    log.reload();
  };
  const replay = async (c: ConsoleFailedCallback) => {
    try {
      await api.post('/callbacks/replay', { trans_id: c.transId, callback: c.seq });
      done(`Callback #${c.seq} of ${c.transId.slice(0, 8)}… queued again.`);
    } catch (err) {
      setMsg({ error: (err as Error).message });
    }
  };
  const replayAll = async () => {
    try {
      const r = await api.post<ConsoleCallbacksReplayFailedAnswer>('/callbacks/replay-failed', { client_key: merchant });
      done(`${r.replayed.length} failed callback(s) queued again.`);
    } catch (err) {
      setMsg({ error: (err as Error).message });
    }
  };
  return (
    <section>
      <h1>Failed callbacks</h1>
      <Message {...msg} />
      {canChange && (
        <div class="actions">
          <button onClick={replayAll}>Replay all failed</button>
        </div>
      )}
      {!failed.data ? (
        <Loading error={failed.error} />
      ) : (
        <Table
          label="Failed callbacks"
          head={['Failed at', 'Payment', 'Callback', 'URL', 'Attempts', 'Why', '']}
          rows={failed.data.callbacks.map((c) => [
            time(c.failedAt),
            <a href={`#/payments/${c.transId}`}>{c.transId.slice(0, 8)}…</a>,
            `#${c.seq} ${c.action} ${c.status ?? ''}`.trim(),
            c.url,
            c.attempts,
            c.failReason ?? `${c.lastAttempt?.httpStatus ?? ''} ${c.lastAttempt?.error ?? ''}`.trim(),
            canChange ? <button onClick={() => replay(c)}>Replay #{c.seq}</button> : '',
          ])}
        />
      )}
      <h1>Callback deliveries</h1>
      {!log.data ? (
        <Loading error={log.error} />
      ) : (
        <Table
          label="Callback deliveries"
          head={['Time', 'Payment', 'Callback', 'URL', 'Attempt', 'Outcome', 'Latency']}
          rows={log.data.attempts.map((a) => [
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
