/** Checkout JSON API endpoints: parse, run one operation, answer JSON; errors in the Checkout format (error-wire.ts). */
import { parseJson } from '@open-payments/protocol';
import type { Deps } from '../../operations/deps.js';
import { noteIds, notePayment } from '../../lib/telemetry.js';
import { json, rawBody, type HttpEvent } from './http.js';
import { httpEndpoint } from './endpoint.js';
import { onMerchantClock } from '../../operations/clock/merchant-clocks.js';

/**
 * `route`: "POST /api/v1/payment/refund"; its last segment names the operation in the Payments metric.
 * `callerIp` (API Gateway's sourceIp) goes to the merchant's API IP allowlist check. `ports`: the function's composition,
 * which must hold the ports `run` declares.
 */
export function checkoutApiHandler<D extends Pick<Deps, 'clock'>>(
  route: string,
  ports: () => D,
  run: (d: D, rawBody: string, callerIp: string | undefined) => Promise<{ statusCode?: number; body: unknown }>,
) {
  const operation = route.split('/').pop()!;
  return httpEndpoint(route, async (event: HttpEvent) => {
    const body = rawBody(event);
    const merchantKey = merchantKeyOf(body);
    noteIds({ client_key: merchantKey });
    // The merchant's objects read its own time: its test clock in a sandbox (docs/test-clock.md).
    const d = merchantKey ? await onMerchantClock(ports(), merchantKey) : ports();
    const res = await run(d, body, event.requestContext?.http?.sourceIp);
    const answer = res.body as { result?: unknown; payment_id?: unknown } | undefined;
    if (typeof answer?.payment_id === 'string') noteIds({ trans_id: answer.payment_id });
    const result = answer?.result;
    notePayment(operation, typeof result === 'string' ? result : 'OK');
    return json(res.statusCode ?? 200, res.body);
  });
}

/** The merchant_key of a JSON body, for the log context only (the operation parses and checks the body itself). */
function merchantKeyOf(body: string): string | undefined {
  try {
    const key = (parseJson(body) as { merchant_key?: unknown } | null)?.merchant_key;
    return typeof key === 'string' && key.length <= 64 ? key : undefined;
  } catch {
    return undefined;
  }
}
