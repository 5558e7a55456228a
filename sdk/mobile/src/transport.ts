/** One JSON POST and the protocol's two answers: 200 with the result, or an error body (forwarded by backends unchanged). */
import { NetworkError, PlatformError, UnexpectedResponseError, type PlatformFieldError } from './errors.js';

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal?: AbortSignal },
) => Promise<{
  status: number;
  text(): Promise<string>;
}>;

export async function postJson(
  fetchFn: FetchLike,
  url: string,
  body: unknown,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<unknown> {
  let res: Awaited<ReturnType<FetchLike>>;
  let text: string;
  const signal = typeof AbortSignal !== 'undefined' && 'timeout' in AbortSignal ? AbortSignal.timeout(timeoutMs) : undefined;
  try {
    res = await fetchFn(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal,
    });
    text = await res.text();
  } catch (err) {
    throw new NetworkError(err);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UnexpectedResponseError(res.status, text);
  }
  if (res.status >= 200 && res.status < 300) return json;
  const e = (json ?? {}) as { error_code?: unknown; error_message?: unknown; errors?: unknown };
  if (typeof e.error_code !== 'number' || typeof e.error_message !== 'string') throw new UnexpectedResponseError(res.status, text);
  const errors = Array.isArray(e.errors) ? (e.errors as PlatformFieldError[]) : [];
  throw new PlatformError(res.status, e.error_code, e.error_message, errors);
}
