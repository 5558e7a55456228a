/**
 * The property every answer must have (issue 8): no 5xx, an answer at all, and errors in the protocol's own format.
 * Returns the broken rule, or undefined when the answer is acceptable.
 */
import type { FuzzResponse } from './request.js';

/**
 * s2s: S2S CARD / APM, always JSON; errors {"result":"ERROR","error_code":N,"error_message":"…"}.
 * checkout-api: merchant JSON APIs; errors {"error_code":N,"error_message":"…"}.
 * token-api: hosted-fields calls with the Token header; a bad token is the spec's 403 HTML page, other errors as checkout-api.
 * page: payer-facing HTML pages and scripts; must not fail, may answer 3xx/4xx with a page.
 * health: must always be 200.
 */
export type Family = 's2s' | 'checkout-api' | 'token-api' | 'page' | 'health';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function errorFormat(body: unknown, s2s: boolean): string | undefined {
  if (!isObject(body)) return 'error body is not a JSON object';
  if (typeof body.error_code !== 'number') return 'error body has no numeric error_code';
  if (typeof body.error_message !== 'string' || !body.error_message) return 'error body has no error_message';
  if (s2s && body.result !== 'ERROR') return 'S2S error body has no result "ERROR"';
  return undefined;
}

export function violation(family: Family, res: FuzzResponse): string | undefined {
  if (res.status === 0) return `no answer (${res.text})`;
  if (res.status >= 500) return `HTTP ${res.status}`;
  if (family === 'health') return res.status === 200 ? undefined : `/health answered ${res.status}`;
  if (family === 'page') return undefined;
  const body = parseJson(res.text);
  // API Gateway's own answer to a path no route matches (a malformed percent-encoding in a path parameter, say): the
  // request never reached the platform, so the protocol's format does not apply (scripts/local/gateway.ts).
  if (res.status === 404 && isObject(body) && body.message === 'Not Found' && Object.keys(body).length === 1) return undefined;
  if (family === 's2s') {
    if (!isObject(body)) return 'S2S answer is not a JSON object';
    return res.status >= 400 ? errorFormat(body, true) : undefined;
  }
  if (family === 'token-api' && res.status === 403) return /^text\/html/.test(res.contentType) ? undefined : '403 without the HTML page';
  if (res.status >= 400) return errorFormat(body, false);
  return body === undefined && !/^text\/html/.test(res.contentType) ? 'answer is neither JSON nor HTML' : undefined;
}
