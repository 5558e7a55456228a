/**
 * The local example of app-user authentication: an `Authorization: Bearer <JWT>` from the merchant's identity
 * provider, verified with jose against the provider's JWKS (signature, issuer, audience, expiry). The same check
 * API Gateway's JWT authorizer does in the AWS deployment.
 */
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { bearerToken, type Authenticate } from './app-user.js';

export interface JwksAuthOptions {
  /** The identity provider's JWKS, e.g. https://id.example/.well-known/jwks.json */
  jwksUrl: string;
  issuer: string;
  audience: string;
  /** Asymmetric algorithms only: a JWKS holds public keys. */
  algorithms?: string[];
}

export function jwksAuthenticator(options: JwksAuthOptions): Authenticate {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl));
  const algorithms = options.algorithms ?? ['RS256', 'ES256', 'PS256', 'EdDSA'];
  return async ({ headers }) => {
    const token = bearerToken(headers);
    if (!token) return undefined;
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms,
        requiredClaims: ['sub', 'exp'],
      });
      return payload.sub ? { id: payload.sub } : undefined;
    } catch {
      // Expired, wrong audience or issuer, unknown key, bad signature, JWKS unreachable: not signed in.
      return undefined;
    }
  };
}
