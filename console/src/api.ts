/** The console API client: same-origin JSON, the session cookie sent by the browser, X-CSRF-Token on every change. */
import type { ConsoleMeAnswer, ConsoleSessionUser } from './answers.js';

export type User = ConsoleSessionUser;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Each problem the server named (its `errors[]`, "field: problem"); the message alone when it named none. */
    readonly problems: string[] = [message],
  ) {
    super(message);
  }
}

/** Dispatched on window when a call finds the session ended; `detail` is the API's message. */
export const SIGNED_OUT_EVENT = 'console-signed-out';

/** GET /me: the session probe (200 either way). */
export type Me = ConsoleMeAnswer;

function csrf(): string {
  const m = /(?:^|;\s*)console_csrf=([^;]+)/.exec(document.cookie);
  return m?.[1] ?? '';
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/console/api${path}`, {
    method,
    credentials: 'same-origin',
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(method !== 'GET' ? { 'x-csrf-token': csrf() } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  // A session that ended (idle timeout, 8 hours, disabled user) sends the page back to sign-in, saying why.
  if (res.status === 401 && !path.startsWith('/sign-in'))
    window.dispatchEvent(new CustomEvent(SIGNED_OUT_EVENT, { detail: String(data.error_message ?? '') }));
  if (!res.ok) {
    const errors = Array.isArray(data.errors)
      ? (data.errors as { error_message?: string }[]).map((e) => e.error_message).filter(Boolean)
      : [];
    const message = errors.length ? errors.join(' ') : String(data.error_message ?? res.statusText);
    throw new ApiError(res.status, message, errors.length ? (errors as string[]) : [message]);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string) => call<T>('GET', path),
  post: <T>(path: string, body: unknown = {}) => call<T>('POST', path, body),
  put: <T>(path: string, body: unknown) => call<T>('PUT', path, body),
};

export function qs(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1]));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** One key per confirmation dialog: a double click or a retry makes one refund, not two. */
export function idempotencyKey(): string {
  return crypto.randomUUID();
}
