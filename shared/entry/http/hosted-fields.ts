/**
 * HTTP plumbing of the Token endpoints (processing, session update, card data): the Token header opens the session
 * or the answer is 403 with an HTML page; every other error is the Checkout JSON error format (error-wire.ts).
 */
import { loadSession, type LoadedSession, type SessionDeps } from '../../operations/hosted-fields/session.js';
import { onMerchantClock } from '../../operations/clock/merchant-clocks.js';
import { forbiddenPage } from '../../pages/hosted-fields/pages.js';
import { header, html, json, rawBody, type HttpEvent, type HttpResult } from './http.js';
import { httpEndpoint } from './endpoint.js';
import { noteIds, notePayment } from '../../lib/telemetry.js';

export function forbidden(): HttpResult {
  const page = forbiddenPage();
  return html(403, page.body, page.headers);
}

/** `ports`: the function's composition, which must hold the session's ports and those `run` declares. */
export function tokenHandler<D extends SessionDeps>(
  route: string,
  ports: () => D,
  run: (d: D, session: LoadedSession, body: string, event: HttpEvent) => Promise<{ statusCode?: number; body: unknown }>,
) {
  return httpEndpoint(route, async (event: HttpEvent) => {
    const d = ports();
    const session = await loadSession(d, header(event, 'Token'));
    if (!session) return forbidden();
    noteIds({ client_key: session.merchant.clientKey });
    // The session's merchant's time (its test clock in a sandbox: docs/test-clock.md).
    const res = await run(await onMerchantClock(d, session.merchant.clientKey), session, rawBody(event), event);
    const answer = res.body as { result?: unknown; payment_id?: unknown } | undefined;
    if (typeof answer?.payment_id === 'string') noteIds({ trans_id: answer.payment_id });
    if (typeof answer?.result === 'string') notePayment(route.split(' ')[1]!, answer.result);
    return json(res.statusCode ?? 200, res.body);
  });
}
