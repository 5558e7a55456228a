/**
 * The merchant API's endpoints (docs/merchant-api.md): each request is signed with the merchant's password and
 * authenticated before anything else is read; answers are JSON, errors in the Checkout format (error-wire.ts).
 */
import type { Deps } from '../operations/deps.js';
import type { MerchantConfig } from '../domain/merchant.js';
import { noteIds } from '../telemetry.js';
import { authenticateMerchantRequest } from '../operations/merchant-api/authenticate-request.js';
import { CLIENT_KEY_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../protocol/merchant-api/request-signature.js';
import type { Query } from '../operations/merchant-api/query.js';
import { header, json, rawBody, type HttpEvent } from './http.js';
import { httpEndpoint } from './endpoint.js';

export interface MerchantApiCall<D> {
  d: D;
  merchant: MerchantConfig;
  query: Query;
  body: string;
}

/** `route`: "GET /api/v1/merchant/callbacks"; `ports`: the function's composition (merchants at least). */
export function merchantApiHandler<D extends Pick<Deps, 'merchants'>>(route: string, ports: () => D, run: (call: MerchantApiCall<D>) => Promise<unknown>) {
  return httpEndpoint(route, async (event: HttpEvent) => {
    const d = ports();
    const body = rawBody(event);
    const merchant = await authenticateMerchantRequest(
      d,
      {
        clientKey: header(event, CLIENT_KEY_HEADER),
        timestamp: header(event, TIMESTAMP_HEADER),
        signature: header(event, SIGNATURE_HEADER),
        method: event.requestContext?.http?.method ?? route.split(' ')[0]!,
        path: event.rawPath,
        query: event.rawQueryString ?? '',
        body,
        sourceIp: event.requestContext?.http?.sourceIp,
      },
      new Date(),
    );
    noteIds({ client_key: merchant.merchant.clientKey });
    return json(200, await run({ d, merchant, query: event.queryStringParameters ?? {}, body }));
  });
}
