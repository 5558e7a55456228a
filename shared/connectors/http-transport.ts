/**
 * How a network connector reaches its acquirer: one form-encoded POST, its status and its parsed JSON body. Injected,
 * so a test can shape requests without a network (test/unit/connectors) while the integration tests use the real one.
 */
import { encodeForm } from '../protocol/form.js';

export interface HttpAnswer {
  status: number;
  /** The parsed JSON body, or undefined when it was not JSON. */
  body: Record<string, unknown> | undefined;
}

export type HttpTransport = (url: string, form: Record<string, string | undefined>, signal?: AbortSignal) => Promise<HttpAnswer>;

export const fetchTransport: HttpTransport = async (url, form, signal) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: encodeForm(form),
    signal,
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, body: body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined };
};
