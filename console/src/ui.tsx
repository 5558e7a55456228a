/** Small shared pieces: tables, messages, a confirmation dialog, the secret shown once. */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { data?: T; error?: string; reload: () => void } {
  const [state, setState] = useState<{ data?: T; error?: string }>({});
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    // Keeps what is shown while it reloads: a form's message below a table outlives the table's refresh.
    setState((prev) => ({ data: prev.data }));
    load().then(
      (data) => live && setState({ data }),
      (err: Error) => live && setState({ error: err.message }),
    );
    return () => {
      live = false;
    };
  }, [...deps, n]);
  return { ...state, reload: () => setN((x) => x + 1) };
}

export function Table({ head, rows, label }: { head: string[]; rows: ComponentChildren[][]; label: string }) {
  return (
    <table aria-label={label}>
      <thead>
        <tr>
          {head.map((h) => (
            <th scope="col">{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length ? (
          rows.map((r) => (
            <tr>
              {r.map((c) => (
                <td>{c}</td>
              ))}
            </tr>
          ))
        ) : (
          <tr>
            <td colSpan={head.length}>Nothing here yet.</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

export function Message({ error, ok }: { error?: string; ok?: string }) {
  if (error)
    return (
      <p role="alert" class="error">
        {error}
      </p>
    );
  if (ok)
    return (
      <p role="status" class="ok">
        {ok}
      </p>
    );
  return null;
}

export function Loading({ error }: { error?: string }) {
  return error ? <Message error={error} /> : <p aria-busy="true">Loading…</p>;
}

/** A secret shown once (a new password, an invitation link): copy it now. */
export function ShownOnce({ label, value }: { label: string; value: string }) {
  return (
    <div class="once" role="status">
      <strong>{label}</strong> (shown once — copy it now)
      <output aria-label={label}>{value}</output>
    </div>
  );
}

export function Dialog({ title, children, onClose }: { title: string; children: ComponentChildren; onClose: () => void }) {
  useEffect(() => {
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    addEventListener('keydown', esc);
    return () => removeEventListener('keydown', esc);
  }, []);
  return (
    <div class="backdrop">
      <div role="dialog" aria-modal="true" aria-label={title} class="dialog">
        <h2>{title}</h2>
        {children}
      </div>
    </div>
  );
}

export const time = (iso?: string) => (iso ? iso.slice(0, 19).replace('T', ' ') : '');
