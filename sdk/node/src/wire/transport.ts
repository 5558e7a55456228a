/**
 * One HTTP exchange with the platform, retried when that is safe: the platform answers an identical body from the
 * same merchant with its first answer for 24 h (and with 409 while the first is still running), so re-sending the
 * very same bytes after a network failure or a 409 never charges twice.
 */
import { ApiError, NetworkError, UnexpectedResponseError, type FieldErrorEntry } from '../errors.js';

export interface RetryPolicy {
  /** Attempts after the first (default 3). */
  maxRetries: number;
  /** First back-off in ms (default 250); doubles each time, capped by maxDelayMs (default 4000), full jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface TransportOptions {
  baseUrl: string;
  retry?: Partial<RetryPolicy>;
  /** Per-attempt timeout (default 30 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** For tests: how to wait between attempts. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface WireRequest {
  method: 'POST' | 'PUT';
  path: string;
  contentType: 'application/x-www-form-urlencoded' | 'application/json';
  body: string;
  headers?: Record<string, string>;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 3, baseDelayMs: 250, maxDelayMs: 4000 };

export class Transport {
  private readonly retry: RetryPolicy;
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly options: TransportOptions) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.fetchImpl = options.fetch ?? fetch;
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.random = options.random ?? Math.random;
  }

  /** The answer's JSON; an error body (result ERROR, or error_code) becomes an ApiError. */
  async send<T>(req: WireRequest): Promise<T> {
    const url = new URL(req.path.replace(/^\//, ''), this.options.baseUrl.replace(/\/?$/, '/')).toString();
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= this.retry.maxRetries;
      let res: Response;
      try {
        res = await this.fetchImpl(url, {
          method: req.method,
          headers: { 'content-type': req.contentType, accept: 'application/json', ...req.headers },
          body: req.body,
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
        });
      } catch (cause) {
        if (last) throw new NetworkError(`No answer from ${url} after ${attempt + 1} attempt(s)`, { cause });
        await this.backoff(attempt);
        continue;
      }
      const text = await res.text();
      // 409: the first of two identical requests is still running; its answer will be ours.
      if (res.status === 409 && !last) {
        await this.backoff(attempt);
        continue;
      }
      return parseAnswer<T>(res.status, text);
    }
  }

  private backoff(attempt: number): Promise<void> {
    const cap = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** attempt);
    return this.sleep(Math.round(this.random() * cap));
  }
}

function parseAnswer<T>(status: number, text: string): T {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // A refusal without a JSON body (the hosted-fields session update answers a bad Token with HTML 403).
    if (status >= 400) throw new ApiError(status, 0, `HTTP ${status}`, [], { text: text.slice(0, 500) });
    throw new UnexpectedResponseError(status, text);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new UnexpectedResponseError(status, text);
  const b = body as Record<string, unknown>;
  if (status >= 400 || b.result === 'ERROR') {
    const errors = Array.isArray(b.errors) ? (b.errors as FieldErrorEntry[]) : [];
    throw new ApiError(
      status,
      typeof b.error_code === 'number' ? b.error_code : 0,
      typeof b.error_message === 'string' ? b.error_message : `HTTP ${status}`,
      errors,
      b,
    );
  }
  return body as T;
}
