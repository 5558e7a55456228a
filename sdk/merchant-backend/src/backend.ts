/**
 * The reference merchant backend's one request path, free of any server framework (Node http and Lambda both call
 * it): the app's JSON → checks → merchant_key and hash added here, where the password lives → the platform → its
 * answer handed back unchanged, errors included.
 */
import { OPERATIONS_BY_PATH, signedBody, type FetchLike } from '@open-payments/mobile-sdk';
import type { BackendConfig, BackendOperation } from './config.js';
import { returnUrlProblems } from './return-urls.js';
import { failure, invalid, json, type BackendResponse } from './wire.js';

export interface BackendRequest {
  method: string;
  path: string;
  body: string;
}

const NAMES: Record<string, BackendOperation> = {
  '/api/v1/session': 'session',
  '/api/v1/payment/status': 'status',
  '/api/v1/payment/refund': 'refund',
  '/api/v1/payment/void': 'void',
};

export const MAX_BODY_BYTES = 64 * 1024;

export function createBackend(config: BackendConfig, fetchFn: FetchLike = (url, init) => fetch(url, init)) {
  return async function handle(req: BackendRequest): Promise<BackendResponse> {
    const op = OPERATIONS_BY_PATH.get(req.path);
    const name = NAMES[req.path];
    if (!op || !name || !config.enabledOperations.includes(name)) return failure(404, 'Not found.');
    if (req.method !== 'POST') return { ...failure(405, 'Method not allowed.'), headers: { 'content-type': 'application/json', allow: 'POST' } };

    let fields: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(req.body);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      fields = parsed as Record<string, unknown>;
    } catch {
      return invalid([{ field: 'body', message: 'This value should be a JSON object.' }]);
    }

    // An app may send the merchant's public key; it must be this backend's. Any hash it sends is replaced.
    if (fields.merchant_key !== undefined && fields.merchant_key !== config.merchantKey) {
      return invalid([{ field: 'merchant_key', message: 'This value is not valid.' }]);
    }
    const problems = [...op.problems(fields), ...(name === 'session' ? returnUrlProblems(fields, config.allowedReturnUrls) : [])];
    if (problems.length) return invalid(problems);

    const body = signedBody(op, fields, { merchantKey: config.merchantKey, password: config.password, hashAlgorithm: config.hashAlgorithm });
    let answer: { status: number; text(): Promise<string> };
    let text: string;
    try {
      answer = await fetchFn(`${config.platformUrl}${op.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(25_000),
      });
      text = await answer.text();
    } catch {
      return failure(502, 'The payment platform did not answer.');
    }
    try {
      JSON.parse(text);
    } catch {
      return failure(502, 'The payment platform answered unexpectedly.');
    }
    // Unchanged: the app's SDK reads the platform's error_code and error_message itself.
    return { status: answer.status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body: text };
  };
}

export type Backend = ReturnType<typeof createBackend>;
export { json };
