/**
 * Schedules and subscriptions: a merchant's schedules, and for the one opened its subscriptions with pause, resume,
 * run now and change amount (the same operation as the ops events), each change behind a confirmation.
 */
import { useState } from 'preact/hooks';
import { api, qs } from '../api.js';
import type { PageProps } from '../app.js';
import { Dialog, Loading, Message, Table, time, useLoad } from '../ui.js';
import type { ConsoleScheduleAnswer, ConsoleSchedulesAnswer } from '../answers.js';

type Change = { path: string; label: string; amount?: boolean; current?: string; currency?: string };

export function Schedules({ user, merchant }: PageProps) {
  const list = useLoad(() => api.get<ConsoleSchedulesAnswer>(`/schedules${qs({ client_key: merchant })}`), [merchant]);
  const [open, setOpen] = useState<string | undefined>();
  const detail = useLoad(
    () => (open ? api.get<ConsoleScheduleAnswer>(`/schedules/${encodeURIComponent(open)}`) : Promise.resolve(undefined)),
    [open],
  );
  const [change, setChange] = useState<Change | undefined>();
  const [amount, setAmount] = useState('');
  const [msg, setMsg] = useState<{ error?: string; ok?: string }>({});
  const canChange = user.role !== 'merchant-viewer';

  const ask = (c: Change) => {
    setAmount(c.current ?? '');
    setChange(c);
  };
  const confirm = async () => {
    if (!change) return;
    try {
      const r = await api.post<{ message: string }>(change.path, change.amount ? { amount } : {});
      setMsg({ ok: r.message });
    } catch (err) {
      setMsg({ error: (err as Error).message });
    }
    setChange(undefined);
    list.reload();
    detail.reload();
  };

  const s = detail.data?.schedule;
  const base = s && `/schedules/${encodeURIComponent(s.scheduleId)}`;
  return (
    <section>
      <h1>Schedules</h1>
      {!list.data ? (
        <Loading error={list.error} />
      ) : (
        <Table
          label="Schedules"
          head={['Name', 'Every', 'Payments', 'State', 'Created', '']}
          rows={list.data.schedules.map((x) => [
            x.name,
            x.every,
            x.paymentsCount,
            x.paused ? 'paused' : 'active',
            time(x.createdAt),
            <button onClick={() => setOpen(x.scheduleId)} aria-label={`Open schedule ${x.name}`}>
              Open
            </button>,
          ])}
        />
      )}
      <Message {...msg} />
      {s && base && detail.data && (
        <>
          <h2>
            {s.name} <small>({s.scheduleId})</small>
          </h2>
          <p>
            Every {s.every}, {s.paymentsCount} payments · {s.paused ? 'paused: runs falling due are skipped' : 'active'}
          </p>
          {canChange && (
            <div class="actions">
              {s.paused ? (
                <button onClick={() => ask({ path: `${base}/resume`, label: `Resume schedule ${s.name}` })}>Resume schedule</button>
              ) : (
                <button onClick={() => ask({ path: `${base}/pause`, label: `Pause schedule ${s.name}` })}>Pause schedule</button>
              )}
            </div>
          )}
          <Table
            label="Subscriptions"
            head={['Recurring token', 'First payment', 'Amount', 'Next run', 'Charges made', 'State', '']}
            rows={detail.data.subscriptions.map((sub) => {
              const path = `${base}/subscriptions/${encodeURIComponent(sub.recurringToken)}`;
              const active = sub.state === 'active';
              return [
                sub.recurringToken,
                <a href={`#/payments/${sub.initialTransId}`}>{sub.orderId}</a>,
                `${sub.amount} ${sub.currency}`,
                active ? `#${sub.nextRun} ${time(sub.nextRunAt)}` : '—',
                sub.chargesMade,
                active ? (sub.paused ? 'paused' : 'active') : `ended${sub.endReason ? ` (${sub.endReason})` : ''}`,
                canChange && active ? (
                  <span class="actions">
                    {sub.paused ? (
                      <button onClick={() => ask({ path: `${path}/resume`, label: `Resume subscription ${sub.recurringToken}` })}>
                        Resume
                      </button>
                    ) : (
                      <button onClick={() => ask({ path: `${path}/pause`, label: `Pause subscription ${sub.recurringToken}` })}>
                        Pause
                      </button>
                    )}
                    <button onClick={() => ask({ path: `${path}/run-now`, label: `Run subscription ${sub.recurringToken} now` })}>
                      Run now
                    </button>
                    <button
                      onClick={() =>
                        ask({
                          path: `${path}/amount`,
                          label: `Change the amount of subscription ${sub.recurringToken}`,
                          amount: true,
                          current: sub.amount,
                          currency: sub.currency,
                        })
                      }
                    >
                      Change amount
                    </button>
                  </span>
                ) : (
                  ''
                ),
              ];
            })}
          />
        </>
      )}
      {change && (
        <Dialog title="Confirm" onClose={() => setChange(undefined)}>
          <p>{change.label}?</p>
          {change.amount && (
            <label>
              New amount ({change.currency}) <input value={amount} onInput={(e) => setAmount((e.target as HTMLInputElement).value)} />
            </label>
          )}
          <div class="actions">
            <button onClick={confirm}>Confirm</button>
            <button onClick={() => setChange(undefined)}>Cancel</button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
