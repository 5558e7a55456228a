/**
 * The merchant API's endpoints (docs/merchant-api.md): each request is authenticated before anything else is read,
 * with a bearer API key or a signature made with the merchant's password; answers are JSON, errors in the Checkout
 * format (error-wire.ts). A route that changes something (`changes: true`: a clock's move, anything moving money)
 * refuses a read-only key with 403.
 */
import type { Deps } from '../../operations/deps.js';
import type { MerchantConfig } from '../../domain/merchant.js';
import { ForbiddenError } from '../../domain/errors.js';
import { noteIds } from '../../lib/telemetry.js';
import { authenticateMerchantRequest, type MerchantApiAccess } from '../../operations/merchant-api/authenticate-request.js';
import { CLIENT_KEY_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../protocol/merchant-api/request-signature.js';
import type { Query } from '../../operations/merchant-api/query.js';
import { header, json, rawBody, type HttpEvent, type HttpResult } from './http.js';
import { httpEndpoint } from './endpoint.js';

export interface MerchantApiCall<D> {
  d: D;
  merchant: MerchantConfig;
  access: MerchantApiAccess;
  query: Query;
  body: string;
  pathParameters: Record<string, string | undefined>;
}

export interface MerchantApiRoute {
  /** The route moves money or a clock: a read-only key is refused (403). Default: it only reads. */
  changes?: boolean;
}

/** An answer that is not JSON (a CSV download): passed through as it is. */
export class RawAnswer {
  constructor(readonly result: HttpResult) {}
}

/** `route`: "GET /api/v1/merchant/callbacks"; `ports`: the function's composition (merchants and apiKeys at least). */
export function merchantApiHandler<D extends Pick<Deps, 'merchants' | 'apiKeys'>>(
  route: string,
  ports: () => D,
  run: (call: MerchantApiCall<D>) => Promise<unknown>,
  opts: MerchantApiRoute = {},
) {
  return httpEndpoint(route, async (event: HttpEvent) => {
    const d = ports();
    const body = rawBody(event);
    const caller = await authenticateMerchantRequest(
      d,
      {
        authorization: header(event, 'authorization'),
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
    noteIds({ client_key: caller.config.merchant.clientKey });
    if (opts.changes && caller.access === 'read_only') throw ForbiddenError.readOnlyKey();
    const answer = await run({
      d,
      merchant: caller.config,
      access: caller.access,
      query: event.queryStringParameters ?? {},
      body,
      pathParameters: event.pathParameters ?? {},
    });
    return answer instanceof RawAnswer ? answer.result : json(200, answer);
  });
}
