/**
 * One blocklist (a merchant's or the platform-wide one): its entries with Remove, and a form to add one. A card is
 * named by a payment that used it (its trans_id), never by its number.
 */
import { useState } from 'preact/hooks';
import { api, qs } from '../api.js';
import type { ConsoleRiskBlockAddAnswer, ConsoleRiskBlocklistAnswer } from '../answers.js';
import { Loading, Message, Table, time, useLoad } from '../ui.js';

const TYPES = ['email', 'ip', 'bin', 'country', 'card'] as const;
const HINTS: Record<(typeof TYPES)[number], string> = {
  email: 'an e-mail address',
  ip: 'an address or a CIDR range, e.g. 203.0.113.0/24',
  bin: 'the first 6 or 8 digits',
  country: 'ISO 3166-1 alpha-2, e.g. FR',
  card: 'the trans_id of a payment that used the card',
};

export function Blocklist({
  scope,
  title,
  canChange,
}: {
  scope: { client_key?: string; scope?: 'platform' };
  title: string;
  canChange: boolean;
}) {
  const { data, error, reload } = useLoad(
    () => api.get<ConsoleRiskBlocklistAnswer>(`/risk/blocklist${qs(scope)}`),
    [scope.client_key, scope.scope],
  );
  const [type, setType] = useState<(typeof TYPES)[number]>('email');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [msg, setMsg] = useState<{ error?: string; ok?: string }>({});
  const run = async (what: () => Promise<string>) => {
    setMsg({});
    try {
      setMsg({ ok: await what() });
      reload();
    } catch (err) {
      setMsg({ error: (err as Error).message });
    }
  };
  const add = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      const named = type === 'card' ? { trans_id: value.trim() } : { value: value.trim() };
      const r = await api.post<ConsoleRiskBlockAddAnswer>('/risk/blocklist', {
        ...scope,
        type,
        ...named,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      setValue('');
      setReason('');
      return `Blocked ${r.entry.type} ${r.entry.label ?? r.entry.value}.`;
    });
  };
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {data ? (
        <Table
          label={title}
          head={['Type', 'Value', 'Reason', 'Added', '']}
          rows={data.entries.map((b) => [
            b.type,
            b.label ?? b.value,
            b.reason ?? '',
            time(b.createdAt),
            canChange ? (
              <button
                aria-label={`Remove ${b.type} ${b.label ?? b.value}`}
                onClick={() =>
                  run(async () => (await api.post('/risk/blocklist/' + b.id + '/remove'), `Removed ${b.type} ${b.label ?? b.value}.`))
                }
              >
                Remove
              </button>
            ) : (
              ''
            ),
          ])}
        />
      ) : (
        <Loading error={error} />
      )}
      {canChange && (
        <form aria-label={`Add to ${title}`} onSubmit={add}>
          <label>
            Type{' '}
            <select value={type} onChange={(e) => setType((e.target as HTMLSelectElement).value as (typeof TYPES)[number])}>
              {TYPES.map((t) => (
                <option value={t}>{t}</option>
              ))}
            </select>
          </label>
          <label>
            {type === 'card' ? 'Payment (trans_id)' : 'Value'}{' '}
            <input required value={value} placeholder={HINTS[type]} onInput={(e) => setValue((e.target as HTMLInputElement).value)} />
          </label>
          <label>
            Reason <input value={reason} maxLength={200} onInput={(e) => setReason((e.target as HTMLInputElement).value)} />
          </label>
          <button type="submit">Block</button>
        </form>
      )}
      <Message {...msg} />
    </section>
  );
}
