/**
 * The backend as a Lambda behind its own HTTP API (payload 2.0) with a JWT authorizer: the same request path as
 * the Node server; the app user is the authorizer's verified `sub`, and order owners live in DynamoDB.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { userFromGatewayClaims } from './auth/gateway-claims.js';
import { createBackend, MAX_BODY_BYTES } from './backend.js';
import { readConfig } from './config.js';
import { corsHeaders } from './cors.js';
import { priceOrder } from './merchant-hooks.js';
import { dynamoOrderOwners } from './orders/dynamo-order-owners.js';
import { readPasswordSecret } from './password-secret.js';
import { failure } from './wire.js';

// Once per container; a bad configuration or an unreadable secret fails the cold start loudly.
const secretArn = process.env.MERCHANT_PASSWORD_SECRET_ARN;
const config = readConfig(secretArn ? { ...process.env, MERCHANT_PASSWORD: await readPasswordSecret(secretArn) } : process.env);
if (!config.orderOwnersTable)
  throw new Error('merchant backend configuration: ORDER_OWNERS_TABLE is required on Lambda (instances share no memory)');
const handle = createBackend(config, {
  authenticate: userFromGatewayClaims,
  priceOrder,
  orderOwners: dynamoOrderOwners(config.orderOwnersTable),
});

export async function handler(event: APIGatewayProxyEventV2WithJWTAuthorizer): Promise<APIGatewayProxyStructuredResultV2> {
  const body = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  const cors = corsHeaders(event.headers.origin, config.corsOrigins);
  if (event.requestContext.http.method === 'OPTIONS') return { statusCode: cors['access-control-allow-origin'] ? 204 : 403, headers: cors };
  const answer =
    Buffer.byteLength(body) > MAX_BODY_BYTES
      ? failure(413, 'Request body too large.')
      : await handle({
          method: event.requestContext.http.method,
          path: event.rawPath,
          headers: event.headers,
          body,
          claims: event.requestContext.authorizer?.jwt?.claims,
        });
  return { statusCode: answer.status, headers: { ...answer.headers, ...cors }, body: answer.body };
}
