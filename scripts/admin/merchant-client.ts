/**
 * The admin CLI as a merchant: calls the merchant API (docs/merchant-api.md) with the merchant's own client key and
 * password — no operator credentials — against the local platform or any stage's URL (`--url`).
 * The password comes from `--password-file FILE` (`-`: stdin) or $MERCHANT_PASSWORD; on the local platform, when
 * neither is given, from the platform's own merchant records (the developer runs it). With $MERCHANT_API_KEY (and no
 * --password-file) requests carry that API key as a bearer token instead of a signature: a read-only key (rk_…)
 * is enough for `callbacks log` and `listen`.
 */
import { readFileSync } from 'node:fs';
import { signRequest } from '../../shared/protocol/merchant-api/request-signature.js';
import { deps } from '../../shared/entry/composition/deps.js';

export interface MerchantCredentials {
  clientKey: string;
  password: string;
  /** A merchant API key (docs/merchant-api.md "API keys"): sent as `Authorization: Bearer`, the password unused. */
  apiKey?: string;
  /** The platform's base URL, e.g. https://api.sandbox.example.com */
  baseUrl: string;
}

export interface CredentialOptions {
  merchant: string;
  url?: string;
  passwordFile?: string;
}

export class MerchantApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function merchantCredentials(o: CredentialOptions): Promise<MerchantCredentials> {
  const baseUrl = platformUrl(o.url);
  const apiKey = o.passwordFile ? undefined : process.env.MERCHANT_API_KEY;
  if (apiKey) return { clientKey: o.merchant, password: '', apiKey, baseUrl };
  const password = o.passwordFile
    ? readPassword(o.passwordFile)
    : process.env.MERCHANT_PASSWORD || (o.url ? undefined : await localPassword(o.merchant));
  if (!password)
    throw new Error(
      `The merchant's password is required with --url: --password-file FILE (or - for stdin), or MERCHANT_PASSWORD in the environment.`,
    );
  return { clientKey: o.merchant, password, baseUrl };
}

function platformUrl(url: string | undefined): string {
  // The local platform's address (useTarget copied its environment); a deployed stage's API has no default.
  const value = url ?? (process.env.STAGE === 'local' ? process.env.PUBLIC_BASE_URL : undefined);
  if (!value) throw new Error("--url is required (the stage's API address, e.g. --url https://api.sandbox.example.com).");
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http(s)');
    return parsed.href.replace(/\/$/, '');
  } catch {
    throw new Error(`--url ${value} is not an http(s) URL. Example: --url https://api.sandbox.example.com`);
  }
}

function readPassword(file: string): string {
  const text = readFileSync(file === '-' ? 0 : file, 'utf8');
  return text.replace(/\r?\n$/, '');
}

async function localPassword(clientKey: string): Promise<string> {
  const config = await deps().merchants.get(clientKey);
  if (!config) throw new Error(`No merchant with client key ${clientKey}. See them with: npm run admin -- merchants list`);
  return config.merchant.password;
}

/** One signed request; the answer's JSON, or a MerchantApiError with the platform's error_message. */
export async function merchantApi<T>(
  c: MerchantCredentials,
  method: 'GET' | 'POST',
  pathAndQuery: string,
  body = '',
  opts: { signal?: AbortSignal } = {},
): Promise<T> {
  const url = new URL(c.baseUrl + pathAndQuery);
  const headers = c.apiKey
    ? { authorization: `Bearer ${c.apiKey}` }
    : signRequest(c.clientKey, c.password, { method, path: url.pathname, query: url.search.slice(1), body });
  const res = await fetch(url, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body || undefined,
    signal: opts.signal,
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (res.status === 200 && parsed !== undefined) return parsed as T;
  const message =
    (parsed as { error_message?: string; errors?: { error_message?: string }[] } | undefined)?.errors?.[0]?.error_message ??
    (parsed as { error_message?: string } | undefined)?.error_message ??
    `HTTP ${res.status}`;
  if (res.status === 401 && c.apiKey)
    throw new MerchantApiError(
      401,
      `${message} Check $MERCHANT_API_KEY: it may have been revoked (npm run admin -- keys list --merchant ${c.clientKey}).`,
    );
  if (res.status === 401)
    throw new MerchantApiError(
      401,
      `${message} Check the client key and password (and that this machine's clock is right: requests more than 5 minutes off are refused).`,
    );
  throw new MerchantApiError(res.status, message);
}
