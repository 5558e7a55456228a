/** Checkout JSON API endpoints: parse, run one operation, answer JSON; errors in the Checkout format (error-wire.ts). */
import { deps, type Deps } from '../../deps.js';
import { httpHandler, json, rawBody, type HttpEvent } from '../../http/http.js';
import { toCheckoutError } from '../error-wire.js';

/** `callerIp` (API Gateway's sourceIp) goes to the merchant's API IP allowlist check. */
export function checkoutApiHandler(route: string, run: (d: Deps, rawBody: string, callerIp: string | undefined) => Promise<{ statusCode?: number; body: unknown }>) {
  return httpHandler(
    route,
    async (event: HttpEvent) => {
      const res = await run(deps(), rawBody(event), event.requestContext?.http?.sourceIp);
      return json(res.statusCode ?? 200, res.body);
    },
    (err) => toCheckoutError(err),
  );
}
