/** The backend's one way to the platform: the fields, signed here with the password, POSTed to the operation's path. */
import { signedBody, type CheckoutOperationSpec, type FetchLike } from '@open-payments/mobile-sdk';
import type { BackendConfig } from './config.js';
import { failure, type BackendResponse } from './wire.js';

export type PlatformAnswer = { ok: true; status: number; text: string; json: unknown } | { ok: false; response: BackendResponse };

export type SendToPlatform = (op: CheckoutOperationSpec, fields: Record<string, unknown>) => Promise<PlatformAnswer>;

export function platformSender(config: BackendConfig, fetchFn: FetchLike): SendToPlatform {
  return async (op, fields) => {
    const body = signedBody(op, fields, {
      merchantKey: config.merchantKey,
      password: config.password,
      hashAlgorithm: config.hashAlgorithm,
    });
    let status: number;
    let text: string;
    try {
      const answer = await fetchFn(`${config.platformUrl}${op.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(25_000),
      });
      status = answer.status;
      text = await answer.text();
    } catch {
      return { ok: false, response: failure(502, 'The payment platform did not answer.') };
    }
    try {
      return { ok: true, status, text, json: JSON.parse(text) as unknown };
    } catch {
      return { ok: false, response: failure(502, 'The payment platform answered unexpectedly.') };
    }
  };
}

/** The platform's answer handed back unchanged: the app's SDK reads its error_code and error_message itself. */
export const forwarded = (answer: PlatformAnswer): BackendResponse =>
  answer.ok
    ? { status: answer.status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body: answer.text }
    : answer.response;
