/**
 * Who is asking: the merchant's own signed-in app user. The backend signs nothing for anyone else, so every
 * deployment plugs in how its users sign in (a JWT from its identity provider, a session cookie …).
 */

export interface AppUser {
  /** Stable id of the user in the merchant's own system (a JWT's `sub`). */
  id: string;
}

/** What an authenticator may look at: the request's headers and, behind API Gateway's JWT authorizer, its verified claims. */
export interface AuthRequest {
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  /** Claims API Gateway already verified (JWT authorizer); absent elsewhere. */
  claims?: Record<string, unknown>;
}

/** Answers the signed-in user, or undefined to refuse the request (401). Must not throw for a bad token. */
export type Authenticate = (request: AuthRequest) => AppUser | undefined | Promise<AppUser | undefined>;

/** The default: nobody is signed in, so nothing is ever signed until the merchant says who its users are. */
export const refuseEveryone: Authenticate = () => undefined;

/** The bearer token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(headers: Record<string, string | undefined>): string | undefined {
  const m = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/.exec(headers.authorization ?? '');
  return m?.[1];
}
