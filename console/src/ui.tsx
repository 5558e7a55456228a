/** Small shared pieces: tables, messages, a confirmation dialog, the secret shown once, the JSON rules editor. */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from './api.js';

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

/**
 * A JSON editor for a document the admin CLI reads from a file (routing rules, risk rules, a fee schedule): it parses
 * the text, hands the document to `save` (which PUTs it) and lists every problem the server names, each in the CLI's
 * words, next to the editor. The server checks the document with the CLI's own reader; the page checks nothing but
 * that it is JSON, so the two can never disagree.
 */
export function JsonRulesEditor({
  name,
  label,
  field,
  text: stored,
  rows = 12,
  saveLabel,
  save,
  actions,
}: {
  /** What is edited, capitalised ("Routing rules"): names the form ("Edit routing rules") and the problems. */
  name: string;
  /** The editor's label, naming the CLI command whose file it holds. */
  label: string;
  /** The body field the document travels in: its problems come back as "<field>: <problem>". */
  field: string;
  /** The stored document as JSON text; the editor takes it again whenever it changes. */
  text: string;
  rows?: number;
  saveLabel: string;
  /** Stores the document; answers what to say once saved. Throws the server's refusal (ApiError). */
  save: (document: unknown) => Promise<string>;
  /** More buttons beside Save; `clear` empties the problems and the message (a reload). */
  actions?: (clear: () => void) => ComponentChildren;
}) {
  const [text, setText] = useState(stored);
  const [problems, setProblems] = useState<string[]>([]);
  const [ok, setOk] = useState<string>();
  useEffect(() => setText(stored), [stored]);
  const clear = () => {
    setProblems([]);
    setOk(undefined);
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    clear();
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch (err) {
      setProblems([`Not JSON: ${(err as Error).message}`]);
      return;
    }
    try {
      setOk(await save(document));
    } catch (err) {
      const prefix = `${field}: `;
      const listed = err instanceof ApiError ? err.problems : [(err as Error).message];
      setProblems(listed.map((p) => (p.startsWith(prefix) ? p.slice(prefix.length) : p)));
    }
  };

  return (
    <form aria-label={`Edit ${name.toLowerCase()}`} onSubmit={submit}>
      <label class="wide">
        {label}
        <textarea
          class="code"
          rows={rows}
          cols={80}
          spellcheck={false}
          value={text}
          onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
        />
      </label>
      {problems.length > 0 && (
        <div role="alert" class="error" aria-label={`${name} problems`}>
          <ul>
            {problems.map((p) => (
              <li>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <div class="actions">
        <button type="submit">{saveLabel}</button>
        {actions?.(clear)}
      </div>
      <Message ok={ok} />
    </form>
  );
}
