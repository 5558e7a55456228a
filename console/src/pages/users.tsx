/**
 * A merchant's console users, and invitations (locally the answer carries the invitation link to hand over).
 * Operators disable a user (their sessions stop at once, their password no longer signs in) or enable them again.
 */
import { useState } from 'preact/hooks';
import { api, qs } from '../api.js';
import type { PageProps } from '../app.js';
import { Loading, Message, ShownOnce, Table, time, useLoad } from '../ui.js';

import type { ConsoleUser, ConsoleUserInviteAnswer, ConsoleUsersAnswer } from '../answers.js';

export function Users({ user, merchant }: PageProps) {
  const [scope, setScope] = useState<'merchant' | 'operators'>('merchant');
  const { data, error, reload } = useLoad(
    () => api.get<ConsoleUsersAnswer>(`/users${qs({ client_key: scope === 'operators' ? 'operators' : merchant })}`),
    [merchant, scope],
  );
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('merchant-admin');
  const [link, setLink] = useState<string>();
  const [msg, setMsg] = useState<{ error?: string; ok?: string }>({});
  const operator = user.role === 'operator';
  const access = async (u: ConsoleUser, action: 'disable' | 'enable') => {
    setMsg({});
    try {
      await api.post(`/users/${encodeURIComponent(u.email)}/${action}`);
      setMsg({ ok: `${u.email} ${action}d.` });
      reload();
    } catch (err) {
      setMsg({ error: (err as Error).message });
    }
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    setMsg({});
    try {
      const r = await api.post<ConsoleUserInviteAnswer>('/users', {
        email,
        role,
        ...(role !== 'operator' ? { client_key: merchant } : {}),
      });
      setLink(r.invitationLink);
      setMsg({ ok: r.invitationLink ? `${r.email} invited.` : `${r.email} invited: Cognito emailed the invitation.` });
      setEmail('');
      reload();
    } catch (err) {
      setMsg({ error: (err as Error).message });
    }
  };
  return (
    <section>
      <h1>Users</h1>
      {operator && (
        <label>
          Show{' '}
          <select value={scope} onChange={(e) => setScope((e.target as HTMLSelectElement).value as 'merchant' | 'operators')}>
            <option value="merchant">this merchant's users</option>
            <option value="operators">operators</option>
          </select>
        </label>
      )}
      {!data ? (
        <Loading error={error} />
      ) : (
        <Table
          label="Users"
          head={['Email', 'Role', 'Invited by', 'Since', 'Access']}
          rows={data.users.map((u) => [
            u.email,
            u.role,
            u.invitedBy,
            time(u.createdAt),
            operator && u.email !== user.email ? (
              u.disabled ? (
                <button onClick={() => access(u, 'enable')} aria-label={`Enable ${u.email}`}>
                  Enable
                </button>
              ) : (
                <button onClick={() => access(u, 'disable')} aria-label={`Disable ${u.email}`}>
                  Disable
                </button>
              )
            ) : u.disabled ? (
              'disabled'
            ) : (
              'active'
            ),
          ])}
        />
      )}
      {user.role !== 'merchant-viewer' && (
        <form onSubmit={submit} aria-label="Invite a user">
          <h2>Invite a user</h2>
          <label>
            Email <input type="email" required value={email} onInput={(e) => setEmail((e.target as HTMLInputElement).value)} />
          </label>
          <label>
            Role{' '}
            <select value={role} onChange={(e) => setRole((e.target as HTMLSelectElement).value)}>
              <option value="merchant-admin">merchant admin</option>
              <option value="merchant-viewer">merchant viewer</option>
              {operator && <option value="operator">operator</option>}
            </select>
          </label>
          <button type="submit">Invite</button>
          <Message {...msg} />
          {link && <ShownOnce label="Invitation link" value={link} />}
        </form>
      )}
    </section>
  );
}
