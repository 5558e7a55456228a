/** The audit log: every change made through the console — who, what, when, from where. Append-only. */
import { useState } from 'preact/hooks';
import { api, qs } from '../api.js';
import type { PageProps } from '../app.js';
import { Loading, Table, time, useLoad } from '../ui.js';

import type { ConsoleAuditAnswer } from '../answers.js';

export function Audit({ user, merchant }: PageProps) {
  const [all, setAll] = useState(user.role === 'operator');
  const [cursor, setCursor] = useState<string>();
  const { data, error } = useLoad(
    () => api.get<ConsoleAuditAnswer>(`/audit${qs({ client_key: all ? undefined : merchant, cursor })}`),
    [merchant, all, cursor],
  );
  return (
    <section>
      <h1>Audit log</h1>
      {user.role === 'operator' && (
        <label class="switch">
          <input
            type="checkbox"
            checked={all}
            onChange={(e) => {
              setCursor(undefined);
              setAll((e.target as HTMLInputElement).checked);
            }}
          />{' '}
          All merchants
        </label>
      )}
      {!data ? (
        <Loading error={error} />
      ) : (
        <>
          <Table
            label="Audit log"
            head={['When', 'Who', 'Role', 'What', 'Merchant', 'Target', 'Details', 'From']}
            rows={data.entries.map((e) => [
              time(e.at),
              e.actor,
              e.role,
              e.action,
              e.clientKey?.slice(0, 8) ?? '',
              e.target ?? '',
              e.details
                ? Object.entries(e.details)
                    .map(([k, v]) => `${k}=${String(v)}`)
                    .join(' ')
                : '',
              e.sourceIp,
            ])}
          />
          {data.cursor && <button onClick={() => setCursor(data.cursor)}>Older entries</button>}
        </>
      )}
    </section>
  );
}
