/** Operators: every merchant, and a new one (its password shown once). */
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import type { PageProps } from '../app.js';
import { Loading, Message, ShownOnce, Table, time, useLoad } from '../ui.js';

import type { ConsoleMerchantCreateAnswer, ConsoleMerchantsAnswer } from '../answers.js';

export function Merchants({ reloadMerchants }: PageProps) {
  const { data, error, reload } = useLoad(() => api.get<ConsoleMerchantsAnswer>('/merchants'), []);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [created, setCreated] = useState<{ clientKey: string; password: string }>();
  const [msg, setMsg] = useState<{ error?: string }>({});
  const submit = async (e: Event) => {
    e.preventDefault();
    setMsg({});
    try {
      const r = await api.post<ConsoleMerchantCreateAnswer>('/merchants', { name, ...(url ? { notification_url: url } : {}) });
      setCreated({ clientKey: r.merchant.clientKey, password: r.password });
      setName('');
      reload();
      reloadMerchants();
    } catch (err) {
      setMsg({ error: (err as Error).message });
    }
  };
  return (
    <section>
      <h1>Merchants</h1>
      <form onSubmit={submit} aria-label="New merchant">
        <h2>New merchant</h2>
        <label>
          Name <input required value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <label>
          Notification URL <input type="url" value={url} onInput={(e) => setUrl((e.target as HTMLInputElement).value)} />
        </label>
        <button type="submit">Create merchant</button>
        <Message {...msg} />
      </form>
      {created && (
        <>
          <p>
            Created: client key <code>{created.clientKey}</code>
          </p>
          <ShownOnce label="Merchant password" value={created.password} />
        </>
      )}
      {!data ? (
        <Loading error={error} />
      ) : (
        <Table
          label="Merchants"
          head={['Name', 'Client key', 'Notification URL', 'Created']}
          rows={data.merchants.map((m) => [m.name, <code>{m.clientKey}</code>, m.notificationUrl ?? '', time(m.createdAt)])}
        />
      )}
    </section>
  );
}
