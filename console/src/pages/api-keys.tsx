/**
 * A merchant's API keys for the merchant API (docs/merchant-api.md "API keys"), on Settings: everyone who sees the
 * merchant sees the list (id, type, hint, created, revoked); operators and the merchant's admins create a secret or
 * read-only key, shown once, and revoke one (refused from its next request on).
 */
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import type { ConsoleApiKeyCreateAnswer, ConsoleApiKeysAnswer } from '../answers.js';
import { Loading, Message, ShownOnce, Table, time, useLoad } from '../ui.js';

export function ApiKeys({ merchant, canChange }: { merchant: string; canChange: boolean }) {
  const { data, error, reload } = useLoad(() => api.get<ConsoleApiKeysAnswer>(`/merchants/${merchant}/api-keys`), [merchant]);
  const [shown, setShown] = useState<{ label: string; value: string }>();
  const [msg, setMsg] = useState<{ error?: string; ok?: string }>({});
  const run = async (what: () => Promise<void>) => {
    setMsg({});
    try {
      await what();
      reload();
    } catch (err) {
      setMsg({ error: (err as Error).message });
    }
  };
  const create = (readOnly: boolean) =>
    run(async () => {
      const made = await api.post<ConsoleApiKeyCreateAnswer>(`/merchants/${merchant}/api-keys`, { read_only: readOnly });
      setShown({ label: readOnly ? 'New read-only API key' : 'New secret API key', value: made.key });
    });
  const revoke = (keyId: string) =>
    run(async () => {
      setShown(undefined);
      await api.post(`/merchants/${merchant}/api-keys/${keyId}/revoke`);
      setMsg({ ok: `API key ${keyId} revoked.` });
    });
  return (
    <>
      <h2>API keys</h2>
      <p>
        For the merchant API (<code>Authorization: Bearer …</code>): a secret key does everything the password-signed requests do; a
        read-only key looks up payments, reads the callback log and feed, and is refused where money or a clock would move.
      </p>
      {data ? (
        <Table
          label="API keys"
          head={['Key', 'Type', 'Created', 'Revoked', '']}
          rows={data.apiKeys.map((k) => [
            <code title={k.keyId}>{k.hint}</code>,
            k.type === 'read_only' ? 'read-only' : 'secret',
            `${time(k.createdAt)} by ${k.createdBy}`,
            k.revokedAt ? `${time(k.revokedAt)} by ${k.revokedBy ?? ''}` : '',
            canChange && !k.revokedAt ? (
              <button aria-label={`Revoke ${k.keyId}`} onClick={() => revoke(k.keyId)}>
                Revoke
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
        <p>
          <button onClick={() => create(false)}>New secret key</button> <button onClick={() => create(true)}>New read-only key</button>
        </p>
      )}
      {shown && <ShownOnce {...shown} />}
      <Message {...msg} />
    </>
  );
}
